// Array bounds checks for every array load/store opcode (iaload..saload, iastore..sastore),
// negative and too-large indexes, and HotSpot's exception messages.
public class ArrayBounds {
    interface Op { void run(); }

    static void attempt(String what, Op op) {
        try {
            op.run();
            System.out.println(what + ": ok");
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    static int[] ia = new int[3];
    static long[] la = new long[2];
    static float[] fa = new float[1];
    static double[] da = new double[4];
    static byte[] ba = new byte[5];
    static boolean[] za = new boolean[2];
    static char[] ca = new char[3];
    static short[] sa = new short[0];
    static String[] oa = new String[3];
    static int[][] ma = new int[2][3];
    static int sink;

    public static void main(String[] args) {
        final int[] idx = { -1, 0, 2, 3, 5, Integer.MIN_VALUE, Integer.MAX_VALUE };
        for (final int i : idx) {
            attempt("iaload " + i, new Op() { public void run() { sink += ia[i]; } });
            attempt("iastore " + i, new Op() { public void run() { ia[i] = 1; } });
            attempt("laload " + i, new Op() { public void run() { sink += (int) la[i]; } });
            attempt("lastore " + i, new Op() { public void run() { la[i] = 1; } });
            attempt("faload " + i, new Op() { public void run() { sink += (int) fa[i]; } });
            attempt("fastore " + i, new Op() { public void run() { fa[i] = 1; } });
            attempt("daload " + i, new Op() { public void run() { sink += (int) da[i]; } });
            attempt("dastore " + i, new Op() { public void run() { da[i] = 1; } });
            attempt("baload " + i, new Op() { public void run() { sink += ba[i]; } });
            attempt("bastore " + i, new Op() { public void run() { ba[i] = 1; } });
            attempt("zaload " + i, new Op() { public void run() { sink += za[i] ? 1 : 0; } });
            attempt("zastore " + i, new Op() { public void run() { za[i] = true; } });
            attempt("caload " + i, new Op() { public void run() { sink += ca[i]; } });
            attempt("castore " + i, new Op() { public void run() { ca[i] = 'x'; } });
            attempt("saload " + i, new Op() { public void run() { sink += sa[i]; } });
            attempt("sastore " + i, new Op() { public void run() { sa[i] = 1; } });
            attempt("aaload " + i, new Op() { public void run() { sink += oa[i] == null ? 1 : 2; } });
            attempt("aastore " + i, new Op() { public void run() { oa[i] = "s"; } });
            attempt("multi " + i, new Op() { public void run() { sink += ma[1][i]; } });
        }
        // The message of a directly-constructed exception
        System.out.println(new ArrayIndexOutOfBoundsException(7).getMessage());
        System.out.println(new ArrayIndexOutOfBoundsException().getMessage());
        // String index errors come from the class library
        try { "abc".charAt(5); } catch (StringIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        try { "abc".substring(2, 1); } catch (StringIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        try { new java.util.ArrayList<String>().get(0); } catch (IndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        try { System.arraycopy(ia, 2, ia, 0, 2); } catch (ArrayIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        try { System.arraycopy(ia, -1, ia, 0, 1); } catch (ArrayIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        try { System.arraycopy(ia, 0, ia, 0, -1); } catch (ArrayIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        try { System.arraycopy(oa, 0, oa, 2, 2); } catch (ArrayIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        try { System.arraycopy(la, 0, la, -3, 1); } catch (ArrayIndexOutOfBoundsException e) { System.out.println(e.getMessage()); }
        System.out.println("values intact: " + java.util.Arrays.toString(ia) + " sink " + sink);
    }
}
