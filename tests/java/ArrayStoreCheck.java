// aastore type checks (ArrayStoreException with the stored class as message),
// System.arraycopy type checks and its messages, and Arrays.fill/asList on covariant arrays.
public class ArrayStoreCheck {
    interface Op { void run(); }

    static void attempt(String what, Op op) {
        try {
            op.run();
            System.out.println(what + ": ok");
        } catch (ArrayStoreException e) {
            System.out.println(what + ": ArrayStoreException: " + e.getMessage());
        }
    }

    static class Base {}
    static class Derived extends Base {}
    interface Marker {}
    static class Marked extends Base implements Marker {}

    public static void main(String[] args) {
        final Object[] strings = new String[2];
        final Object[] numbers = new Integer[2];
        final Base[] deriveds = new Derived[2];
        final Marker[] markers = new Marked[1];
        final Object[][] nested = new String[1][];
        attempt("Integer into String[]", new Op() { public void run() { strings[0] = Integer.valueOf(1); } });
        attempt("String into String[]", new Op() { public void run() { strings[1] = "ok"; } });
        attempt("null into String[]", new Op() { public void run() { strings[0] = null; } });
        attempt("Long into Integer[]", new Op() { public void run() { numbers[0] = Long.valueOf(1); } });
        attempt("Base into Derived[]", new Op() { public void run() { deriveds[0] = new Base(); } });
        attempt("Derived into Derived[]", new Op() { public void run() { deriveds[1] = new Derived(); } });
        attempt("Marked into Marked[]", new Op() { public void run() { markers[0] = new Marked(); } });
        attempt("Object[] into String[][]", new Op() { public void run() { nested[0] = new Object[1]; } });
        attempt("String[] into String[][]", new Op() { public void run() { nested[0] = new String[1]; } });
        attempt("int[] into Object[] ok", new Op() { public void run() { Object[] o = new Object[1]; o[0] = new int[1]; } });
        attempt("int[] into Object[][]", new Op() { public void run() { Object[] o = new Object[1][]; o[0] = new int[1]; } });

        // System.arraycopy checks
        attempt("copy int[] to long[]", new Op() { public void run() { System.arraycopy(new int[1], 0, new long[1], 0, 1); } });
        attempt("copy int[] to Object[]", new Op() { public void run() { System.arraycopy(new int[1], 0, new Object[1], 0, 1); } });
        attempt("copy Object[] to int[]", new Op() { public void run() { System.arraycopy(new Object[1], 0, new int[1], 0, 1); } });
        attempt("copy String to array", new Op() { public void run() { System.arraycopy("s", 0, new Object[1], 0, 1); } });
        attempt("copy array to String", new Op() { public void run() { System.arraycopy(new Object[1], 0, "s", 0, 1); } });
        attempt("copy Integer[] to String[]", new Op() { public void run() { System.arraycopy(new Integer[1], 0, new String[1], 0, 1); } });
        attempt("copy zero-length mismatched", new Op() { public void run() { System.arraycopy(new Integer[1], 0, new String[1], 0, 0); } });
        // Element-wise check: a partial copy happens before the failing element
        final Object[] src = { "a", "b", Integer.valueOf(3), "d" };
        final String[] dst = new String[4];
        attempt("copy mixed Object[] to String[]", new Op() { public void run() { System.arraycopy(src, 0, dst, 0, 4); } });
        System.out.println("dst after partial copy: " + java.util.Arrays.toString(dst));
        attempt("copy null elements", new Op() { public void run() { System.arraycopy(new Object[2], 0, dst, 2, 2); } });
        System.out.println("dst: " + java.util.Arrays.toString(dst));
        attempt("Arrays.fill wrong type", new Op() { public void run() { java.util.Arrays.fill(strings, Integer.valueOf(4)); } });
        attempt("asList set wrong type", new Op() { public void run() { java.util.Arrays.asList(strings).set(0, Integer.valueOf(5)); } });
        try { System.arraycopy(null, 0, dst, 0, 1); }
        catch (NullPointerException e) { System.out.println("arraycopy null src: NPE"); }
        System.out.println("strings: " + java.util.Arrays.toString(strings));
    }
}
