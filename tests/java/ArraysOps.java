// Arrays: multianewarray of several ranks and element types, default values, clone
// (shallow, independent, of every primitive type), Arrays.fill/sort/copyOf/
// copyOfRange/equals/deepEquals/toString/deepToString/binarySearch/mismatch/compare,
// System.arraycopy with overlapping ranges in both directions, and array covariance.
import java.util.Arrays;

public class ArraysOps {
    public static void main(String[] args) {
        int[][][] cube = new int[3][4][5];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) for (int k = 0; k < 5; k++) cube[i][j][k] = i * 100 + j * 10 + k;
        System.out.println("cube " + cube.length + "x" + cube[0].length + "x" + cube[0][0].length + " corner " + cube[2][3][4] + " " + Arrays.toString(cube[1][2]));
        long[][] ragged = new long[3][];
        for (int i = 0; i < ragged.length; i++) ragged[i] = new long[i + 1];
        ragged[2][2] = Long.MAX_VALUE;
        System.out.println("ragged " + Arrays.deepToString(ragged));
        String[][][] s3 = new String[2][2][];
        System.out.println("partial dims " + Arrays.deepToString(s3) + " class " + s3.getClass().getName() + " " + s3[0].getClass().getName());
        boolean[][] bools = new boolean[2][3];
        char[][] chars = new char[1][2];
        float[][][][] f4 = new float[1][1][1][1];
        System.out.println("defaults " + Arrays.deepToString(bools) + " " + (int) chars[0][1] + " " + f4[0][0][0][0] + " " + new Object[1][0].length
            + " " + new double[1][0][0].length + " " + new short[3][0][0].length);

        // Clone of each primitive type
        int[] ia = { 1, 2, 3 }; int[] ib = ia.clone(); ib[0] = 9;
        long[] la = { 1L << 40 }; long[] lb = la.clone();
        double[] da = { 0.5, -0.0 }; double[] db = da.clone();
        byte[] ba = { -1, 2 }; char[] ca = { 'x' }; short[] sa = { -3 }; float[] fa = { 1.5f }; boolean[] za = { true, false };
        System.out.println("clones " + Arrays.toString(ia) + Arrays.toString(ib) + " " + (la != lb) + Arrays.equals(la, lb) + " " + Arrays.toString(db)
            + " " + Arrays.toString(ba.clone()) + Arrays.toString(ca.clone()) + Arrays.toString(sa.clone()) + Arrays.toString(fa.clone()) + Arrays.toString(za.clone()));
        StringBuilder[] sbs = { new StringBuilder("a"), new StringBuilder("b") };
        StringBuilder[] sbc = sbs.clone();
        sbc[0].append("!");
        sbc[1] = new StringBuilder("replaced");
        System.out.println("shallow clone " + Arrays.toString(sbs) + " " + Arrays.toString(sbc) + " class " + sbc.getClass().getSimpleName());
        int[][] deep = { { 1 }, { 2 } };
        int[][] deepClone = deep.clone();
        deepClone[0][0] = 100;
        System.out.println("2d clone shares rows " + deep[0][0] + " " + (deep[1] == deepClone[1]));

        // Sorting
        int[] nums = new int[50];
        for (int i = 0; i < nums.length; i++) nums[i] = (i * 7919) % 101 - 50;
        int[] sorted = nums.clone();
        Arrays.sort(sorted);
        System.out.println("sorted " + Arrays.toString(sorted));
        Arrays.sort(nums, 10, 20);
        System.out.println("range sorted " + Arrays.toString(Arrays.copyOfRange(nums, 8, 22)));
        String[] words = { "pear", "Apple", "fig", "banana", "cherry", "apple" };
        Arrays.sort(words);
        System.out.println("strings " + Arrays.toString(words) + " binarySearch(fig) " + Arrays.binarySearch(words, "fig") + " missing " + Arrays.binarySearch(words, "grape"));
        char[] cs = "hello world".toCharArray();
        Arrays.sort(cs);
        System.out.println("chars [" + new String(cs) + "]");
        long[] longs = new long[1000];
        long seed = 42;
        for (int i = 0; i < longs.length; i++) { seed = seed * 6364136223846793005L + 1; longs[i] = seed >> 20; }
        Arrays.sort(longs);
        boolean ok = true;
        for (int i = 1; i < longs.length; i++) if (longs[i - 1] > longs[i]) ok = false;
        System.out.println("1000 longs sorted " + ok + " first " + longs[0] + " last " + longs[999]);
        Integer[] boxed = { 5, 3, 9, 1 };
        Arrays.sort(boxed, java.util.Collections.reverseOrder());
        System.out.println("boxed reverse " + Arrays.toString(boxed));

        // fill, copyOf, equals, mismatch, compare
        double[] filled = new double[5];
        Arrays.fill(filled, 1, 4, 2.5);
        System.out.println("fill " + Arrays.toString(filled) + " copyOf longer " + Arrays.toString(Arrays.copyOf(ia, 5)) + " shorter " + Arrays.toString(Arrays.copyOf(ia, 2))
            + " copyOf objects " + Arrays.toString(Arrays.copyOf(words, 2)) + " typed " + Arrays.copyOf(new Integer[] { 1 }, 2, Number[].class).getClass().getSimpleName());
        System.out.println("equals " + Arrays.equals(new int[] { 1, 2 }, new int[] { 1, 2 }) + " deepEquals " + Arrays.deepEquals(new int[][] { { 1 } }, new int[][] { { 1 } })
            + " equals(double NaN) " + Arrays.equals(new double[] { Double.NaN }, new double[] { Double.NaN }) + " mismatch " + Arrays.mismatch(new int[] { 1, 2, 3 }, new int[] { 1, 2, 4 })
            + " compare " + Arrays.compare(new int[] { 1, 2 }, new int[] { 1, 3 }) + " " + Arrays.compare(new byte[] { -1 }, new byte[] { 1 }) + " " + Arrays.compareUnsigned(new byte[] { -1 }, new byte[] { 1 }));
        try { Arrays.copyOfRange(ia, 2, 1); } catch (IllegalArgumentException e) { System.out.println("copyOfRange: " + e.getMessage()); }
        try { Arrays.fill(ia, 2, 5, 0); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("fill range: " + e.getMessage()); }

        // arraycopy with overlap in both directions, and with self
        int[] ov = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
        System.arraycopy(ov, 0, ov, 3, 5);
        System.out.println("overlap forward " + Arrays.toString(ov));
        int[] ov2 = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
        System.arraycopy(ov2, 3, ov2, 0, 5);
        System.out.println("overlap backward " + Arrays.toString(ov2));
        Object[] oo = { "a", "b", "c", "d", "e" };
        System.arraycopy(oo, 0, oo, 1, 4);
        System.out.println("objects overlap " + Arrays.toString(oo));
        long[] lov = { 1, 2, 3, 4 };
        System.arraycopy(lov, 1, lov, 0, 3);
        char[] cov = "abcdef".toCharArray();
        System.arraycopy(cov, 0, cov, 2, 4);
        byte[] bov = { 1, 2, 3, 4, 5, 6, 7 };
        System.arraycopy(bov, 2, bov, 1, 5);
        System.out.println("long " + Arrays.toString(lov) + " char " + new String(cov) + " byte " + Arrays.toString(bov));
        System.arraycopy(ov, 0, ov, 0, 10);
        System.arraycopy(ov, 10, ov, 10, 0);
        System.out.println("self copy and zero-length at end ok " + ov.length);
        // Large copy
        int[] bigSrc = new int[100000];
        for (int i = 0; i < bigSrc.length; i++) bigSrc[i] = i;
        int[] bigDst = new int[100000];
        System.arraycopy(bigSrc, 1, bigDst, 0, 99999);
        System.out.println("large copy " + bigDst[0] + " " + bigDst[99998] + " " + bigDst[99999]);
        // asList, stream-free sums, hashCode
        System.out.println("asList " + Arrays.asList(1, 2, 3) + " hash " + Arrays.hashCode(new int[] { 1, 2, 3 }) + " setAll " + setAll());
        // Array length field and array of arrays of different lengths via reflection
        System.out.println("lengths " + new int[0].length + " " + new int[7][3].length + " " + new int[7][3][0].length);
    }
    static String setAll() {
        long[] a = new long[6];
        Arrays.setAll(a, new java.util.function.IntToLongFunction() { public long applyAsLong(int i) { return (long) i * i; } });
        Arrays.parallelPrefix(a, new java.util.function.LongBinaryOperator() { public long applyAsLong(long x, long y) { return x + y; } });
        return Arrays.toString(a);
    }
}
