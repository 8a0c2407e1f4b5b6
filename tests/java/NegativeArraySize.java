// newarray, anewarray and multianewarray with negative sizes (NegativeArraySizeException
// with the size as the message), zero-length arrays, and the checking order of
// multianewarray dimensions.
public class NegativeArraySize {
    static int n(int v) { return v; }

    public static void main(String[] args) {
        int[] sizes = { -1, -2, Integer.MIN_VALUE, 0 };
        for (int s : sizes) {
            try { int[] a = new int[n(s)]; System.out.println("int[" + s + "] length " + a.length); }
            catch (NegativeArraySizeException e) { System.out.println("int[" + s + "]: " + e.getMessage()); }
            try { byte[] a = new byte[n(s)]; System.out.println("byte[" + s + "] length " + a.length); }
            catch (NegativeArraySizeException e) { System.out.println("byte[" + s + "]: " + e.getMessage()); }
            try { double[] a = new double[n(s)]; System.out.println("double[" + s + "] length " + a.length); }
            catch (NegativeArraySizeException e) { System.out.println("double[" + s + "]: " + e.getMessage()); }
            try { Object[] a = new Object[n(s)]; System.out.println("Object[" + s + "] length " + a.length); }
            catch (NegativeArraySizeException e) { System.out.println("Object[" + s + "]: " + e.getMessage()); }
            try { String[][] a = new String[n(s)][]; System.out.println("String[" + s + "][] length " + a.length); }
            catch (NegativeArraySizeException e) { System.out.println("String[" + s + "][]: " + e.getMessage()); }
        }
        int[][] dims = { { 2, -1 }, { -1, 2 }, { -3, -4 }, { 0, -1 }, { 2, 0 }, { 0, 0 }, { 3, 2 } };
        for (int[] d : dims) {
            try {
                int[][] a = new int[n(d[0])][n(d[1])];
                System.out.println("int[" + d[0] + "][" + d[1] + "] -> " + a.length + " x " + (a.length > 0 ? a[0].length : -99));
            } catch (NegativeArraySizeException e) {
                System.out.println("int[" + d[0] + "][" + d[1] + "]: " + e.getMessage());
            }
            try {
                Object[][][] a = new Object[n(d[0])][n(d[1])][n(1)];
                System.out.println("Object[" + d[0] + "][" + d[1] + "][1] -> " + a.length);
            } catch (NegativeArraySizeException e) {
                System.out.println("Object[" + d[0] + "][" + d[1] + "][1]: " + e.getMessage());
            }
        }
        // Reflection creates arrays too
        try { java.lang.reflect.Array.newInstance(int.class, -5); }
        catch (NegativeArraySizeException e) { System.out.println("Array.newInstance: " + e.getMessage()); }
        try { java.lang.reflect.Array.newInstance(String.class, 2, -7); }
        catch (NegativeArraySizeException e) { System.out.println("Array.newInstance multi: " + e.getMessage()); }
        // Zero-length arrays are distinct objects with length 0
        int[] z1 = new int[0], z2 = new int[0];
        System.out.println("zero-length distinct " + (z1 != z2) + " " + z1.length + " " + z1.getClass().getName());
        // Multi-dimensional arrays with partial dimensions
        long[][][] partial = new long[2][3][];
        System.out.println("partial " + partial.length + " " + partial[1].length + " " + (partial[1][2] == null)
            + " " + partial.getClass().getName() + " " + partial[0].getClass().getName());
    }
}
