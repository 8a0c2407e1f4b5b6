// The NullPointerException sites shared by HelpfulNullPointerDetails (compiled with -g:
// locals are named from the LocalVariableTable) and HelpfulNullPointerNoDebug (compiled
// without: "this", "<parameterN>", "<localN>"); HelpfulNullPointerNoDebug/NpeCases.java
// is a link to this file. Every case prints the label and NullPointerException.getMessage(),
// whose text HotSpot's data-flow analysis of the faulting method (JEP 358) determines.
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

public class NpeCases {
    interface Case { void run() throws Throwable; }

    static void t(String label, Case c) {
        try {
            c.run();
            System.out.println(label + ": no exception");
        } catch (NullPointerException e) {
            System.out.println(label + ": " + e.getMessage());
        } catch (ExceptionInInitializerError | InvocationTargetException e) {
            Throwable cause = e.getCause();
            System.out.println(label + ": " + e.getClass().getSimpleName() + " caused by "
                    + cause.getClass().getName() + ": " + cause.getMessage());
        } catch (Throwable e) {
            System.out.println(label + ": unexpected " + e);
        }
    }

    enum Color { RED, GREEN }

    static class Payload extends Exception {
        String detail;
        Payload(String d) { super("payload"); detail = d; }
    }

    static class Node {
        Node next;
        String name;
        int ival;
        long lval;
        double dval;
        int[] ints;
        long[] longs;
        float[] floats;
        double[] doubles;
        byte[] bytes;
        boolean[] bools;
        char[] chars;
        short[] shorts;
        Object[] objs;
        Node[] kids;

        Node() { }
        Node(Node other) { name = other.name; }          // NPE in a constructor

        Node self() { return this; }
        Node nil() { return null; }
        static Node snil() { return null; }
        int[] noInts() { return null; }
        void takes(long a, double b, String c) { }
        void varargs(int... xs) { }
        void mixed(int i, String s, Object o, Object[] os, StringBuilder sb, int[][] m,
                   java.util.List<String> l, long j, CharSequence cs) { }
        private int secret() { return 1; }

        // Instance methods: the receiver is "this", the arguments parameters.
        String thisChain() { return this.next.name; }
        String viaParam(Node p, long gap, Node q) { return q.name; }
        int paramArray(int[] data, int k) { return data[k]; }
        void store(Node[] into, int at) { into[at].ival = 1; }
        String reassignedParam(Node p) { p = p.nil(); return p.name; }
        int thisArray() { return ints[ival]; }
    }

    static class Holder {
        static Node sNode;
        static Object[] sObjs;
        static int[][] grid = new int[2][];
        static String sStr;
        static int[] sInts;
        static Node[] sNodes = new Node[4];
    }

    static class SubHolder extends Holder { }

    static class BadInit {
        static String s;
        static int len = s.length();                       // NPE in <clinit>
    }

    static Node[] nodes() { return null; }
    static int idx() { return 1; }
    static Payload payload() { return null; }
    static Object lock() { return null; }
    static String str(int i, String s, long j) { return null; }
    static String pick() { return null; }

    static int lengthOf(String str) { return str.length(); }
    static int lateParam(int a, long b, String c, double d, String e) { return e.length(); }
    static int overwritten(String s) { s = pick(); return s.length(); }
    // The parameter is overwritten later in the loop; HotSpot's analysis stops as soon as
    // the faulting instruction has a stack, before the back edge adds that store.
    static int loopParam(String s, int n) {
        int r = 0;
        for (int i = 0; i < n; i++) {
            r += s.length();
            s = null;
        }
        return r;
    }
    static int loopLocal(Node head) {
        Node cur = head;
        int k = 0;
        while (k < 10) {
            cur = cur.next;
            k++;
        }
        return k;
    }
    // Local slots above 63 count as overwritten: no "<parameterN>" for them.
    static int manyParams(int p0, int p1, int p2, int p3, int p4, int p5, int p6, int p7,
            int p8, int p9, int p10, int p11, int p12, int p13, int p14, int p15, int p16,
            int p17, int p18, int p19, int p20, int p21, int p22, int p23, int p24, int p25,
            int p26, int p27, int p28, int p29, long p30, long p31, long p32, long p33,
            String low, long p34, long p35, long p36, long p37, long p38, long p39, long p40,
            long p41, long p42, long p43, long p44, long p45, long p46, long p47, long p48,
            String high) {
        return low == null ? low.length() : high.length();
    }
    static int deepArray(Object[][][][][][][] a) {
        return a[0][0][0][0][0][0].length;
    }

    // A local variable beyond slot 255 is loaded with `wide aload`.
    static int wideLocal(int unused) {
        long a0 = 0, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8, a9 = 9;
        long b0 = 0, b1 = 1, b2 = 2, b3 = 3, b4 = 4, b5 = 5, b6 = 6, b7 = 7, b8 = 8, b9 = 9;
        long c0 = 0, c1 = 1, c2 = 2, c3 = 3, c4 = 4, c5 = 5, c6 = 6, c7 = 7, c8 = 8, c9 = 9;
        long d0 = 0, d1 = 1, d2 = 2, d3 = 3, d4 = 4, d5 = 5, d6 = 6, d7 = 7, d8 = 8, d9 = 9;
        long e0 = 0, e1 = 1, e2 = 2, e3 = 3, e4 = 4, e5 = 5, e6 = 6, e7 = 7, e8 = 8, e9 = 9;
        long f0 = 0, f1 = 1, f2 = 2, f3 = 3, f4 = 4, f5 = 5, f6 = 6, f7 = 7, f8 = 8, f9 = 9;
        long g0 = 0, g1 = 1, g2 = 2, g3 = 3, g4 = 4, g5 = 5, g6 = 6, g7 = 7, g8 = 8, g9 = 9;
        long h0 = 0, h1 = 1, h2 = 2, h3 = 3, h4 = 4, h5 = 5, h6 = 6, h7 = 7, h8 = 8, h9 = 9;
        long i0 = 0, i1 = 1, i2 = 2, i3 = 3, i4 = 4, i5 = 5, i6 = 6, i7 = 7, i8 = 8, i9 = 9;
        long j0 = 0, j1 = 1, j2 = 2, j3 = 3, j4 = 4, j5 = 5, j6 = 6, j7 = 7, j8 = 8, j9 = 9;
        long k0 = 0, k1 = 1, k2 = 2, k3 = 3, k4 = 4, k5 = 5, k6 = 6, k7 = 7, k8 = 8, k9 = 9;
        long l0 = 0, l1 = 1, l2 = 2, l3 = 3, l4 = 4, l5 = 5, l6 = 6, l7 = 7, l8 = 8, l9 = 9;
        long m0 = 0, m1 = 1, m2 = 2, m3 = 3, m4 = 4, m5 = 5, m6 = 6, m7 = 7, m8 = 8, m9 = 9;
        long sum = a0 + a9 + b9 + c9 + d9 + e9 + f9 + g9 + h9 + i9 + j9 + k9 + l9 + m9;
        String far = sum > 0 ? null : "x";
        int[] farArr = null;
        int farIdx = 0;
        if (unused == 1) return farArr[farIdx];
        return far.length();
    }

    public static void runAll() {
        // ---- invocations ----
        t("invokevirtual on local", () -> { String s = null; s.length(); });
        t("invokevirtual on parameter", () -> lengthOf(null));
        t("parameter after long/double", () -> lateParam(1, 2L, "c", 4.0, null));
        t("overwritten parameter", () -> overwritten("x"));
        t("parameter stored later in loop", () -> loopParam("abc", 3));
        t("local in loop", () -> { Node n = new Node(); n.next = new Node(); loopLocal(n); });
        t("invokeinterface", () -> { List<String> l = null; l.size(); });
        t("invokeinterface with args", () -> { Map<String, Object> m = null; m.put("k", 1); });
        t("Object method", () -> { Object o = null; o.hashCode(); });
        t("Object.equals", () -> { Object o = null; o.equals("x"); });
        t("receiver under long/double args", () -> { Node n = new Node(); n.next.takes(1L, 2.0, "s"); });
        t("varargs", () -> { Node n = new Node(); n.next.varargs(1, 2, 3); });
        t("parameter type names", () -> {
            Node n = new Node();
            n.next.mixed(1, "s", null, null, null, null, null, 2L, "cs");
        });
        t("private method", () -> { Node n = null; n.secret(); });
        t("StringBuilder receiver", () -> { StringBuilder sb = null; sb.append("x"); });
        t("array clone", () -> { int[] a = null; a.clone(); });
        t("Runnable", () -> { Runnable r = null; r.run(); });
        t("unboxing Integer", () -> { Integer i = null; int x = i; });
        t("unboxing Long", () -> { Long l = null; long x = l + 1; });
        t("unboxing Boolean", () -> { Boolean b = null; if (b) System.out.println("?"); });
        t("constant null", () -> ((String) null).length());
        t("cast local", () -> { Object o = null; ((String) o).length(); });
        t("chained calls", () -> new Node().nil().self());
        t("static call result", () -> Node.snil().self());
        t("static call with args result", () -> str(1, "s", 2L).length());
        t("library call result", () -> Arrays.asList((String) null).get(0).length());
        t("map get result", () -> new HashMap<String, String>().get("x").length());
        t("enhanced for over list", () -> { List<String> l = null; for (String s : l) { } });
        t("string switch", () -> {
            String s = null;
            switch (s) { case "a": break; default: break; }
        });
        t("enum switch", () -> {
            Color c = null;
            switch (c) { case RED: break; default: break; }
        });
        t("ternary merge", () -> {
            String a = null, b = null;
            boolean f = a == b;
            (f ? a : b).length();
        });
        t("ternary merge then field", () -> {
            Node a = new Node(), b = new Node();
            boolean f = a != b;
            (f ? a : b).next.name.length();
        });

        // ---- fields ----
        t("getfield on local", () -> { Node n = null; int x = n.ival; });
        t("getfield chain", () -> { Node n = new Node(); String s = n.next.name; });
        t("getfield deep chain", () -> {
            Node n = new Node(); n.next = new Node(); n.next.next = new Node();
            String s = n.next.next.next.name;
        });
        t("getfield past the detail limit", () -> {
            Node n = new Node(); n.next = new Node(); n.next.next = new Node();
            n.next.next.next = new Node(); n.next.next.next.next = new Node();
            n.next.next.next.next.next = new Node();
            String s = n.next.next.next.next.next.next.name;
        });
        t("getfield on call result", () -> { Node x = new Node().nil().next; });
        t("getfield through call", () -> { String s = new Node().self().next.name; });
        t("this chain", () -> new Node().thisChain());
        t("parameter among long", () -> new Node().viaParam(new Node(), 5L, null));
        t("reassigned parameter", () -> new Node().reassignedParam(new Node()));
        t("putfield", () -> { Node n = new Node(); n.next.name = "x"; });
        t("putfield long", () -> { Node n = new Node(); n.next.lval = 5L; });
        t("putfield double", () -> { Node n = new Node(); n.next.dval = 1.5; });
        t("compound assignment", () -> { Node n = new Node(); n.next.ival += 3; });
        t("static field receiver", () -> Holder.sNode.self());
        t("static String field", () -> Holder.sStr.length());
        t("static field getfield", () -> { int x = Holder.sNode.ival; });
        t("constructor parameter", () -> new Node(null));
        t("static field through subclass", () -> SubHolder.sNode.self());
        t("parameter in slot 38", () -> manyParams(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, "x"));
        t("parameter in slot 69", () -> manyParams(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "x", 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, null));
        t("static initializer", () -> { int x = BadInit.len; });
        t("caught exception field", () -> {
            try {
                throw new Payload(null);
            } catch (Payload p) {
                p.detail.length();
            }
        });

        // ---- array loads, each element type ----
        t("iaload", () -> { Node n = new Node(); int x = n.ints[0]; });
        t("laload", () -> { Node n = new Node(); long x = n.longs[0]; });
        t("faload", () -> { Node n = new Node(); float x = n.floats[0]; });
        t("daload", () -> { Node n = new Node(); double x = n.doubles[0]; });
        t("aaload", () -> { Node n = new Node(); Object x = n.objs[0]; });
        t("baload byte", () -> { Node n = new Node(); byte x = n.bytes[0]; });
        t("baload boolean", () -> { Node n = new Node(); boolean x = n.bools[0]; });
        t("caload", () -> { Node n = new Node(); char x = n.chars[0]; });
        t("saload", () -> { Node n = new Node(); short x = n.shorts[0]; });

        // ---- array stores, each element type ----
        t("iastore", () -> { int[] a = null; a[0] = 1; });
        t("lastore", () -> { long[] a = null; a[1] = 1L; });
        t("fastore", () -> { float[] a = null; a[2] = 1f; });
        t("dastore", () -> { double[] a = null; a[3] = 1.0; });
        t("aastore", () -> { Holder.sObjs[1] = "x"; });
        t("bastore byte", () -> { byte[] a = null; a[0] = 1; });
        t("bastore boolean", () -> { boolean[] a = null; a[0] = true; });
        t("castore", () -> { Node n = new Node(); n.chars[0] = 'c'; });
        t("sastore", () -> { Node n = new Node(); n.shorts[0] = 7; });
        t("increment static array element", () -> Holder.sInts[0]++);

        // ---- array element sources and index printing ----
        t("element constant index", () -> { Node[] a = new Node[3]; a[2].self(); });
        t("element local index", () -> { Node[] a = new Node[3]; int i = 1; a[i].self(); });
        t("element computed index", () -> { Node[] a = new Node[3]; int i = 1; a[i + 1].self(); });
        t("element field index", () -> { Node[] a = new Node[3]; Node n = new Node(); a[n.ival].self(); });
        t("element call index", () -> { Node[] a = new Node[3]; a[idx()].self(); });
        t("element array index", () -> { Node[] a = new Node[3]; int[] ix = { 2 }; a[ix[0]].self(); });
        t("element bipush index", () -> { Node[] a = new Node[200]; a[100].self(); });
        t("element sipush index", () -> { Node[] a = new Node[2000]; a[1000].self(); });
        t("element cast index", () -> { Node[] a = new Node[3]; long l = 1; a[(int) l].self(); });
        t("element of static array", () -> Holder.sNodes[3].self());
        t("2d store", () -> { int[][] m = new int[2][]; m[1][0] = 3; });
        t("2d increment", () -> { int[][] g = new int[3][]; g[2][1]++; });
        t("static 2d", () -> { int x = Holder.grid[1][0]; });
        t("element field", () -> { Node n = new Node(); n.kids = new Node[1]; n.kids[0].self(); });
        t("element field array length", () -> {
            Node n = new Node(); n.kids = new Node[] { new Node() };
            int x = n.kids[0].ints.length;
        });
        t("element of new array", () -> { String x = (new String[2][])[0][0]; });
        t("element of merged array", () -> {
            Node[] a = new Node[1], b = new Node[1];
            boolean f = a != b;
            (f ? a : b)[0].self();
        });
        t("element at merged index", () -> {
            Node[] a = new Node[2];
            boolean f = a.length == 2;
            a[f ? 0 : 1].self();
        });
        t("deep index expression", () -> {
            Node[] a = new Node[1];
            Node n = new Node(); n.next = new Node(); n.next.next = new Node();
            n.next.next.next = new Node(); n.next.next.next.next = new Node();
            a[n.next.next.next.next.ival].self();
        });
        t("array from call", () -> { Node x = nodes()[0]; });
        t("deep array past the limit", () -> {
            Object[][][][][][][] a = new Object[1][1][1][1][1][1][];
            deepArray(a);
        });
        t("parameter array", () -> new Node().paramArray(null, 0));
        t("parameter array store", () -> new Node().store(new Node[2], 1));
        t("this field array", () -> new Node().thisArray());

        // ---- arraylength, athrow, monitors ----
        t("arraylength local", () -> { int[] a = null; int x = a.length; });
        t("arraylength field", () -> { Node n = new Node(); int x = n.ints.length; });
        t("arraylength call", () -> { int x = new Node().noInts().length; });
        t("enhanced for over array", () -> { int[] a = null; for (int x : a) { } });
        t("athrow local", () -> { RuntimeException e = null; throw e; });
        t("athrow call", () -> { throw payload(); });
        t("synchronized local", () -> { Object o = null; synchronized (o) { } });
        t("synchronized field", () -> { Node n = new Node(); synchronized (n.next) { } });
        t("synchronized call", () -> { synchronized (lock()) { } });
        t("wide local", () -> wideLocal(0));
        t("wide local array", () -> wideLocal(1));

        // ---- no extended message ----
        t("explicit new", () -> { throw new NullPointerException(); });
        t("explicit with message", () -> { throw new NullPointerException("mine"); });
        t("explicit stored then thrown", () -> {
            NullPointerException e = new NullPointerException();
            throw e;
        });
        t("requireNonNull", () -> Objects.requireNonNull(null));
        t("requireNonNull message", () -> Objects.requireNonNull(null, "must not be null"));
        t("method reference on null", () -> {
            String s = null;
            Supplier<String> f = s::trim;
        });
        t("native arraycopy", () -> System.arraycopy(null, 0, new int[1], 0, 1));
        t("library throws", () -> new ArrayList<String>().addAll(null));
        t("reflective null receiver", () -> {
            Method m = Node.class.getDeclaredMethod("self");
            m.invoke(null);
        });
        t("reflective constructor", () -> {
            Constructor<Node> c = Node.class.getDeclaredConstructor(Node.class);
            c.newInstance((Object) null);
        });
        t("reflective NPE construction", () -> {
            throw NullPointerException.class.getDeclaredConstructor().newInstance();
        });
    }
}
