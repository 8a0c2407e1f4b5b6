// Methods the interpreter runs as leaves, without a frame (class.h VMLeaf): String.equals
// and hashCode (every coder pairing, hashes that are 0, cached hashes), System.arraycopy
// (each element size, overlapping both ways, reference arrays needing checks or not, and
// every exception it throws), Object.hashCode against System.identityHashCode,
// Class.isAssignableFrom(null), the bit moves of Float and Double, and Unsafe through
// the atomics built on it. Each is called often enough in a loop to run quickened.
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

public class LeafCalls {
    static String utf16(String s) { return new String(s + "\u20ac").substring(0, s.length()); }

    public static void main(String[] args) {
        String a = new String("hello"), b = new String("hello"), u = utf16("hello"), c = "hellO";
        Object[] others = { a, b, u, c, "hell", "", null, new StringBuilder("hello"), 5 };
        for (int rep = 0; rep < 3; rep++) {
            StringBuilder sb = new StringBuilder();
            for (Object x : new Object[] { a, u, "" })
                for (Object y : others) sb.append(x.equals(y) ? 'T' : 'F');
            System.out.println("equals " + sb);
        }
        // Hashes: computed, cached, and 0 (cached as hashIsZero).
        String[] hs = { "", "f5a5a608", "polygenelubricants", utf16("polygenelubricants"), "\u0000", "\u20ac\u20ac", new String(a) };
        for (int rep = 0; rep < 2; rep++) {
            StringBuilder sb = new StringBuilder("hash");
            for (String s : hs) sb.append(' ').append(s.hashCode());
            System.out.println(sb);
        }

        // arraycopy, each element size, overlapping forwards and backwards
        int[] ia = new int[10];
        long[] la = new long[10];
        short[] sa = new short[10];
        byte[] ba = new byte[10];
        double[] da = new double[10];
        Object[] oa = new Object[10];
        for (int rep = 0; rep < 3; rep++) {
            for (int i = 0; i < 10; i++) {
                ia[i] = i; la[i] = i * 1000000000000L; sa[i] = (short) i; ba[i] = (byte) i; da[i] = i / 4.0; oa[i] = "o" + i;
            }
            System.arraycopy(ia, 0, ia, 2, 7);
            System.arraycopy(la, 3, la, 0, 7);
            System.arraycopy(sa, 1, sa, 2, 8);
            System.arraycopy(ba, 2, ba, 1, 8);
            System.arraycopy(da, 0, da, 0, 10);
            System.arraycopy(oa, 0, oa, 3, 5);
            System.arraycopy(oa, 0, oa, 0, 0);
        }
        System.out.println(Arrays.toString(ia) + Arrays.toString(la) + Arrays.toString(sa) + Arrays.toString(ba)
            + Arrays.toString(da) + Arrays.toString(oa));
        Object[] mixed = { "s", 1, "t" };
        String[] strs = new String[3];
        CharSequence[] seqs = new CharSequence[3];
        System.arraycopy(new String[] { "x", "y" }, 0, seqs, 1, 2);
        System.out.println(Arrays.toString(seqs));
        Object[][] bad = { { null, 0, new int[1], 0, 1 }, { new int[1], 0, null, 0, 1 }, { new int[3], -1, new int[3], 0, 1 },
            { new int[3], 0, new int[3], -1, 1 }, { new int[3], 0, new int[3], 0, -1 }, { new int[3], 2, new int[3], 0, 2 },
            { new int[3], 0, new int[3], 2, 2 }, { new int[3], 0, new long[3], 0, 1 }, { new int[3], 0, new Object[3], 0, 1 },
            { "no", 0, new int[3], 0, 1 }, { new int[3], 0, "no", 0, 1 }, { mixed, 0, strs, 0, 3 },
            { new int[3], 1, new int[3], 1, Integer.MAX_VALUE } };
        for (Object[] t : bad) {
            try {
                System.arraycopy(t[0], (Integer) t[1], t[2], (Integer) t[3], (Integer) t[4]);
                System.out.println("copied");
            } catch (RuntimeException e) {
                System.out.println(e);
            }
        }
        System.out.println("partial copy before the bad element: " + Arrays.toString(strs));

        Object o = new Object();
        boolean same = true;
        for (int i = 0; i < 1000; i++) same &= o.hashCode() == System.identityHashCode(o);
        System.out.println("Object.hashCode is the identity hash: " + same + ", of null: " + System.identityHashCode(null));
        try {
            for (int i = 0; i < 3; i++) System.out.println(Number.class.isAssignableFrom(i < 2 ? Integer.class : null));
        } catch (NullPointerException e) {
            System.out.println(e);
        }
        System.out.println(Float.floatToRawIntBits(-0.0f) + " " + Float.intBitsToFloat(0x7f800001) + " "
            + Double.doubleToRawLongBits(Double.longBitsToDouble(0xfff0000000000123L)) + " " + Double.longBitsToDouble(1));
        AtomicLong al = new AtomicLong();
        AtomicReference<String> ar = new AtomicReference<>("a");
        for (int i = 0; i < 1000; i++) {
            al.addAndGet(i);
            ar.compareAndSet(i % 2 == 0 ? "a" : "b", i % 2 == 0 ? "b" : "a");
        }
        System.out.println(al.get() + " " + ar.get() + " " + al.compareAndExchange(499500, 7) + " " + al.getAcquire());
    }
}
