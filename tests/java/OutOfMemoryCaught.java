// VMOPTIONS: -Xmx32m
// OutOfMemoryError is thrown when live data exceeds -Xmx and is catchable: a single
// huge array, a growing linked structure, and arrays beyond the VM limit; after the
// live data is dropped, allocation works again.
import java.util.ArrayList;
import java.util.List;

public class OutOfMemoryCaught {
    public static void main(String[] args) {
        try {
            long[] huge = new long[100_000_000];   // 800 MB > 32 MB
            System.out.println("allocated?! " + huge.length);
        } catch (OutOfMemoryError e) {
            System.out.println("huge array: " + e.getMessage());
        }
        try {
            int[] max = new int[Integer.MAX_VALUE];
            System.out.println("allocated?! " + max.length);
        } catch (OutOfMemoryError e) {
            System.out.println("MAX_VALUE array: " + e.getMessage());
        }
        try {
            Object[][] m = new Object[1 << 16][1 << 16];
            System.out.println("allocated?! " + m.length);
        } catch (OutOfMemoryError e) {
            System.out.println("multianewarray: OutOfMemoryError");
        }
        List<long[]> hold = new ArrayList<>();
        int chunks = 0;
        try {
            while (true) { hold.add(new long[16 * 1024]); chunks++; }
        } catch (OutOfMemoryError e) {
            int n = hold.size();
            hold = null;   // drop the live data
            System.out.println("growing list: OutOfMemoryError after more than 100 chunks: " + (n > 100) + ", no more than 32 MB: " + (n <= 256));
        }
        // Small linked objects until exhaustion
        Object[] head = null;
        long nodes = 0;
        try {
            while (true) { head = new Object[] { head, null }; nodes++; }
        } catch (OutOfMemoryError e) {
            head = null;
            System.out.println("linked nodes: OutOfMemoryError, many nodes " + (nodes > 100_000));
        }
        // Everything works after the failures
        List<String> ok = new ArrayList<>();
        for (int i = 0; i < 10000; i++) ok.add("s" + i);
        byte[] again = new byte[8 * 1024 * 1024];
        System.out.println("recovered: " + ok.size() + " " + again.length + " chunks counted " + (chunks > 0));
        // OOM thrown from within a deeper call and caught further up; stack trace available
        try { allocateDeep(3); }
        catch (OutOfMemoryError e) { System.out.println("deep: " + e.getMessage()); }
    }
    static int allocateDeep(int n) {
        if (n == 0) return new double[200_000_000].length;
        return allocateDeep(n - 1) + 1;
    }
}
