// java.lang.reflect.Array (creation, get/set with boxing and widening, every error) and
// System.arraycopy: each error message HotSpot prints, partial copies before an
// ArrayStoreException, and overlapping copies of every element size.
import java.lang.reflect.Array;
import java.util.Arrays;

public class ReflectArrays {
    interface Run { void run(); }

    static void attempt(String label, Run r) {
        try {
            r.run();
            System.out.println(label + ": ok");
        } catch (Throwable e) {
            System.out.println(label + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }

    static String show(Object a) {
        if (a == null) return "null";
        if (!a.getClass().isArray()) return a.getClass().getSimpleName() + " " + a;
        StringBuilder sb = new StringBuilder(a.getClass().getSimpleName()).append("{");
        for (int i = 0; i < Array.getLength(a); i++) sb.append(i > 0 ? "," : "").append(show(Array.get(a, i)));
        return sb.append("}").toString();
    }

    static void reflectArray() {
        Object ints = Array.newInstance(int.class, 3);
        Object strs = Array.newInstance(String.class, 2);
        Object multi = Array.newInstance(long.class, 2, 3);
        Object multiObj = Array.newInstance(String[].class, 2, 1);
        System.out.println("created " + show(ints) + " " + show(strs) + " " + show(multi) + " " + show(multiObj));
        System.out.println("multi class " + multi.getClass().getName() + " " + multiObj.getClass().getName());
        Object zeroInner = Array.newInstance(int.class, 2, 0);
        System.out.println("zero inner " + show(zeroInner));
        attempt("newInstance negative", new Run() { public void run() { Array.newInstance(int.class, -1); } });
        attempt("newInstance void", new Run() { public void run() { Array.newInstance(void.class, 1); } });
        attempt("newInstance null", new Run() { public void run() { Array.newInstance(null, 1); } });
        attempt("multi negative", new Run() { public void run() { Array.newInstance(int.class, 2, -3); } });
        attempt("multi no dims", new Run() { public void run() { Array.newInstance(int.class, new int[0]); } });
        attempt("multi void", new Run() { public void run() { Array.newInstance(void.class, 1, 1); } });
        attempt("multi too deep", new Run() { public void run() { Array.newInstance(int.class, new int[256]); } });
        Class<?> c254 = Array.newInstance(int.class, new int[254]).getClass();
        System.out.println("254 dims ok: " + c254.getName().length());
        attempt("255 + 1 dims", new Run() { public void run() { Array.newInstance(c254, new int[2]); } });
        attempt("255 dims", new Run() { public void run() { Array.newInstance(c254, 0); } });
        attempt("dims overflow", new Run() { public void run() { Array.newInstance(Array.newInstance(c254, 0).getClass(), 0); } });

        Array.setInt(ints, 0, 7);
        Array.set(ints, 1, (short) 8);
        Array.setByte(ints, 2, (byte) 9);
        System.out.println("ints " + show(ints) + " getLong " + Array.getLong(ints, 0)
            + " getDouble " + Array.getDouble(ints, 1) + " getFloat " + Array.getFloat(ints, 2));
        attempt("getShort on int[]", new Run() { public void run() { Array.getShort(ints, 0); } });
        attempt("getBoolean on int[]", new Run() { public void run() { Array.getBoolean(ints, 0); } });
        attempt("setLong on int[]", new Run() { public void run() { Array.setLong(ints, 0, 1L); } });
        attempt("set Long on int[]", new Run() { public void run() { Array.set(ints, 0, 1L); } });
        attempt("set String on int[]", new Run() { public void run() { Array.set(ints, 0, "x"); } });
        attempt("set null on int[]", new Run() { public void run() { Array.set(ints, 0, null); } });
        attempt("get -1", new Run() { public void run() { Array.get(ints, -1); } });
        attempt("get 3", new Run() { public void run() { Array.get(ints, 3); } });
        attempt("getInt 3", new Run() { public void run() { Array.getInt(ints, 3); } });
        attempt("set 3", new Run() { public void run() { Array.set(ints, 3, 1); } });
        attempt("setInt -1", new Run() { public void run() { Array.setInt(ints, -1, 1); } });
        attempt("getLength non-array", new Run() { public void run() { Array.getLength("x"); } });
        attempt("getLength null", new Run() { public void run() { Array.getLength(null); } });
        attempt("get non-array", new Run() { public void run() { Array.get(new Object(), 0); } });
        attempt("getInt on String[]", new Run() { public void run() { Array.getInt(strs, 0); } });
        attempt("setInt on String[]", new Run() { public void run() { Array.setInt(strs, 0, 1); } });

        Array.set(strs, 0, "s0");
        attempt("set Integer on String[]", new Run() { public void run() { Array.set(strs, 1, 5); } });
        Array.set(strs, 1, null);
        System.out.println("strs " + show(strs));
        Object objs = new Object[2];
        Array.set(objs, 0, 5);
        Array.set(objs, 1, new int[] {1});
        System.out.println("objs " + show(objs) + " element class " + Array.get(objs, 0).getClass().getName());

        Object[] all = { new boolean[1], new byte[1], new char[1], new short[1], new int[1], new long[1], new float[1], new double[1] };
        for (Object a : all) {
            StringBuilder sb = new StringBuilder(a.getClass().getSimpleName()).append(':');
            try { Array.setBoolean(a, 0, true); sb.append(" Z"); } catch (IllegalArgumentException e) { sb.append(" !Z"); }
            try { Array.setByte(a, 0, (byte) -3); sb.append(" B"); } catch (IllegalArgumentException e) { sb.append(" !B"); }
            try { Array.setChar(a, 0, 'A'); sb.append(" C"); } catch (IllegalArgumentException e) { sb.append(" !C"); }
            try { Array.setShort(a, 0, (short) -400); sb.append(" S"); } catch (IllegalArgumentException e) { sb.append(" !S"); }
            try { Array.setInt(a, 0, 70000); sb.append(" I"); } catch (IllegalArgumentException e) { sb.append(" !I"); }
            try { Array.setLong(a, 0, 1L << 40); sb.append(" J"); } catch (IllegalArgumentException e) { sb.append(" !J"); }
            try { Array.setFloat(a, 0, 2.5f); sb.append(" F"); } catch (IllegalArgumentException e) { sb.append(" !F"); }
            try { Array.setDouble(a, 0, 0.1); sb.append(" D"); } catch (IllegalArgumentException e) { sb.append(" !D"); }
            sb.append(" = ").append(show(a)).append(" reads:");
            try { sb.append(" Z").append(Array.getBoolean(a, 0)); } catch (IllegalArgumentException e) { sb.append(" !Z"); }
            try { sb.append(" B").append(Array.getByte(a, 0)); } catch (IllegalArgumentException e) { sb.append(" !B"); }
            try { sb.append(" C").append((int) Array.getChar(a, 0)); } catch (IllegalArgumentException e) { sb.append(" !C"); }
            try { sb.append(" S").append(Array.getShort(a, 0)); } catch (IllegalArgumentException e) { sb.append(" !S"); }
            try { sb.append(" I").append(Array.getInt(a, 0)); } catch (IllegalArgumentException e) { sb.append(" !I"); }
            try { sb.append(" J").append(Array.getLong(a, 0)); } catch (IllegalArgumentException e) { sb.append(" !J"); }
            try { sb.append(" F").append(Array.getFloat(a, 0)); } catch (IllegalArgumentException e) { sb.append(" !F"); }
            try { sb.append(" D").append(Array.getDouble(a, 0)); } catch (IllegalArgumentException e) { sb.append(" !D"); }
            System.out.println(sb);
        }
        Object chars = new char[] {'z'};
        Array.set(chars, 0, 'q');
        attempt("set Byte on char[]", new Run() { public void run() { Array.set(chars, 0, (byte) 1); } });
        System.out.println("chars " + show(chars) + " boxed get " + Array.get(chars, 0).getClass().getSimpleName());
    }

    static void arraycopyErrors() {
        int[] i10 = new int[10];
        long[] l5 = new long[5];
        Object[] o3 = new Object[3];
        String[] s3 = { "a", "b", "c" };
        attempt("null src", new Run() { public void run() { System.arraycopy(null, 0, i10, 0, 1); } });
        attempt("null dst", new Run() { public void run() { System.arraycopy(i10, 0, null, 0, 1); } });
        attempt("src not array", new Run() { public void run() { System.arraycopy("str", 0, i10, 0, 1); } });
        attempt("dst not array (prim src)", new Run() { public void run() { System.arraycopy(i10, 0, "str", 0, 1); } });
        attempt("dst not array (obj src)", new Run() { public void run() { System.arraycopy(o3, 0, Integer.valueOf(1), 0, 1); } });
        attempt("int[] into long[]", new Run() { public void run() { System.arraycopy(i10, 0, l5, 0, 1); } });
        attempt("int[] into Object[]", new Run() { public void run() { System.arraycopy(i10, 0, o3, 0, 1); } });
        attempt("Object[] into long[]", new Run() { public void run() { System.arraycopy(o3, 0, l5, 0, 1); } });
        attempt("int[] src index -1", new Run() { public void run() { System.arraycopy(i10, -1, i10, 0, 1); } });
        attempt("int[] dst index -2", new Run() { public void run() { System.arraycopy(i10, 0, new int[3], -2, 1); } });
        attempt("int[] length -3", new Run() { public void run() { System.arraycopy(i10, 0, i10, 0, -3); } });
        attempt("int[] last src", new Run() { public void run() { System.arraycopy(i10, 5, new int[20], 0, 6); } });
        attempt("int[] last dst", new Run() { public void run() { System.arraycopy(i10, 0, new int[4], 1, 4); } });
        attempt("long[] last src", new Run() { public void run() { System.arraycopy(l5, 1, l5, 0, 5); } });
        attempt("boolean[] last src", new Run() { public void run() { System.arraycopy(new boolean[2], 1, new boolean[2], 0, 2); } });
        attempt("char[] dst index", new Run() { public void run() { System.arraycopy(new char[2], 0, new char[2], -1, 0); } });
        attempt("double[] last dst", new Run() { public void run() { System.arraycopy(new double[4], 0, new double[2], 1, 2); } });
        attempt("byte[] overflow", new Run() { public void run() { System.arraycopy(new byte[4], 2, new byte[4], 0, Integer.MAX_VALUE); } });
        attempt("Object[] src index", new Run() { public void run() { System.arraycopy(o3, -1, o3, 0, 1); } });
        attempt("Object[] dst index", new Run() { public void run() { System.arraycopy(o3, 0, s3, -5, 1); } });
        attempt("Object[] length", new Run() { public void run() { System.arraycopy(o3, 0, o3, 0, -1); } });
        attempt("Object[] last src", new Run() { public void run() { System.arraycopy(o3, 2, o3, 0, 2); } });
        attempt("Object[] last dst", new Run() { public void run() { System.arraycopy(s3, 0, o3, 2, 2); } });
        attempt("zero length at end", new Run() { public void run() { System.arraycopy(i10, 10, i10, 10, 0); } });
        attempt("zero length past end", new Run() { public void run() { System.arraycopy(i10, 11, i10, 0, 0); } });
        attempt("type errors before bounds", new Run() { public void run() { System.arraycopy(i10, -1, l5, 0, 1); } });
        attempt("zero length type mismatch", new Run() { public void run() { System.arraycopy(i10, 0, l5, 0, 0); } });

        // Reference arrays: the element check stores the prefix, then throws.
        Object[] mixed = { "x", "y", 3, "z" };
        String[] dst = new String[4];
        attempt("element mismatch", new Run() { public void run() { System.arraycopy(mixed, 0, dst, 0, 4); } });
        System.out.println("  dst after: " + Arrays.toString(dst));
        Integer[] ints = new Integer[4];
        attempt("String[] into Integer[] (nulls only)", new Run() { public void run() { System.arraycopy(new String[2], 0, ints, 0, 2); } });
        attempt("String[] into Integer[]", new Run() { public void run() { System.arraycopy(s3, 0, ints, 1, 3); } });
        System.out.println("  ints after: " + Arrays.toString(ints));
        Object[][] oo = { { "a" }, null };
        String[][] ss = new String[2][];
        attempt("Object[][] into String[][]", new Run() { public void run() { System.arraycopy(oo, 0, ss, 0, 2); } });
        Integer[][] ii = new Integer[1][];
        attempt("String[][] into Integer[][]", new Run() { public void run() { System.arraycopy(new String[][] { { "q" } }, 0, ii, 0, 1); } });
        int[][] iii = { { 1 }, { 2 } };
        Object[] asObj = new Object[2];
        System.arraycopy(iii, 0, asObj, 0, 2);
        System.out.println("int[][] into Object[] " + show(asObj));
        attempt("int[][] into long[][]", new Run() { public void run() { System.arraycopy(iii, 0, new long[2][], 0, 2); } });
        Cloneable[] cl = new Cloneable[2];
        System.arraycopy(iii, 0, cl, 0, 2);
        System.out.println("int[][] into Cloneable[] " + show(cl));
        Number[] nums = { 1, 2L, 3.0 };
        Integer[] justInts = new Integer[3];
        attempt("Number[] into Integer[]", new Run() { public void run() { System.arraycopy(nums, 0, justInts, 0, 3); } });
        System.out.println("  justInts after: " + Arrays.toString(justInts));
    }

    static void overlapping() {
        byte[] b = { 0, 1, 2, 3, 4, 5, 6, 7 };
        System.arraycopy(b, 0, b, 2, 5);
        System.out.println("byte fwd " + Arrays.toString(b));
        System.arraycopy(b, 3, b, 0, 5);
        System.out.println("byte back " + Arrays.toString(b));
        char[] c = "abcdefgh".toCharArray();
        System.arraycopy(c, 1, c, 3, 4);
        System.out.println("char " + new String(c));
        short[] s = { 1, 2, 3, 4, 5 };
        System.arraycopy(s, 2, s, 1, 3);
        System.out.println("short " + Arrays.toString(s));
        int[] i = { 1, 2, 3, 4, 5, 6 };
        System.arraycopy(i, 0, i, 1, 5);
        System.out.println("int " + Arrays.toString(i));
        long[] l = { 10, 20, 30, 40 };
        System.arraycopy(l, 1, l, 0, 3);
        System.out.println("long " + Arrays.toString(l));
        float[] f = { 1.5f, 2.5f, 3.5f };
        System.arraycopy(f, 0, f, 1, 2);
        System.out.println("float " + Arrays.toString(f));
        double[] d = { 0.5, 1.5, 2.5 };
        System.arraycopy(d, 1, d, 0, 2);
        System.out.println("double " + Arrays.toString(d));
        boolean[] z = { true, false, false };
        System.arraycopy(z, 0, z, 1, 2);
        System.out.println("boolean " + Arrays.toString(z));
        Object[] o = { "a", "b", "c", "d", "e" };
        System.arraycopy(o, 0, o, 2, 3);
        System.out.println("Object fwd " + Arrays.toString(o));
        System.arraycopy(o, 1, o, 0, 4);
        System.out.println("Object back " + Arrays.toString(o));
        int[] big = new int[1000];
        for (int k = 0; k < big.length; k++) big[k] = k;
        System.arraycopy(big, 0, big, 1, 999);
        System.arraycopy(big, 500, big, 0, 500);
        long sum = 0;
        for (int v : big) sum += v;
        System.out.println("big " + big[0] + " " + big[499] + " " + big[500] + " " + big[999] + " sum " + sum);
        String[] strs = new String[300];
        for (int k = 0; k < strs.length; k++) strs[k] = "s" + k;
        Object[] dstObj = new Object[300];
        System.arraycopy(strs, 0, dstObj, 0, 300);
        CharSequence[] seqs = new CharSequence[300];
        System.arraycopy(dstObj, 10, seqs, 0, 290);
        System.out.println("refs " + dstObj[299] + " " + seqs[0] + " " + seqs[289] + " " + seqs[290]);
    }

    public static void main(String[] args) {
        reflectArray();
        arraycopyErrors();
        overlapping();
    }
}
