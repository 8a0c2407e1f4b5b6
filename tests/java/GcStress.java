// VMOPTIONS: -Xmx16m
// Allocates about 100 times the 16 MB heap (~1.6 GB) in short-lived objects of many
// shapes — small objects, linked chains, arrays of every primitive type, object arrays
// and strings — while a modest live set must survive every collection intact.
public class GcStress {
    static final class Node {
        final int value;
        Node next;
        Node(int value, Node next) { this.value = value; this.next = next; }
    }

    public static void main(String[] args) {
        // Live data that must survive: a 1000-element chain and a table of arrays
        Node keep = null;
        for (int i = 0; i < 1000; i++) keep = new Node(i, keep);
        long[][] table = new long[64][];
        for (int i = 0; i < table.length; i++) { table[i] = new long[128]; java.util.Arrays.fill(table[i], i); }

        long allocated = 0, check = 0;
        int round = 0;
        while (allocated < 1_700_000_000L) {
            round++;
            // Big primitive arrays (cheap per byte, fills the heap quickly)
            byte[] b = new byte[64 * 1024];
            b[round & 0xffff] = (byte) round;
            check += b[round & 0xffff];
            int[] ia = new int[8 * 1024];
            ia[ia.length - 1] = round;
            check += ia[ia.length - 1];
            double[] da = new double[2048];
            da[7] = round;
            check += (long) da[7];
            allocated += 64 * 1024 + 32 * 1024 + 16 * 1024 + 3 * 16;
            // A short chain of small objects
            Node chain = null;
            for (int i = 0; i < 256; i++) chain = new Node(i, chain);
            for (Node n = chain; n != null; n = n.next) check += n.value;
            allocated += 256 * 24;
            // Object arrays of references to fresh objects
            Object[] objs = new Object[32];
            for (int i = 0; i < objs.length; i++) objs[i] = (i & 1) == 0 ? new int[i] : Integer.valueOf(round * 1000 + i);
            check += ((Integer) objs[31]).intValue() & 0xff;
            allocated += 32 * 8 + 16 * 32 + 16 * 16 + 8 * 16 * 16;
            // Strings
            if ((round & 15) == 0) {
                String s = "round-" + round;
                check += s.length();
                allocated += 64;
            }
            // Occasionally replace part of the live table (old-to-young references)
            if ((round % 97) == 0) {
                int slot = round % table.length;
                table[slot] = new long[128];
                java.util.Arrays.fill(table[slot], slot);
            }
        }
        // Verify the live data
        int count = 0; long sum = 0;
        for (Node n = keep; n != null; n = n.next) { count++; sum += n.value; }
        long tsum = 0;
        for (long[] row : table) for (long v : row) tsum += v;
        System.out.println("rounds " + round);
        System.out.println("check " + check);
        System.out.println("live chain " + count + " sum " + sum);
        System.out.println("table sum " + tsum);
        System.out.println("allocated about " + allocated / (1024 * 1024) + " MB in a 16 MB heap");
    }
}
