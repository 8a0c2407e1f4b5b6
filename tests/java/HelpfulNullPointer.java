// JEP 358 helpful NullPointerException messages, exactly as HotSpot words them (the
// classes are compiled without -g, so locals appear as "<localN>").
public class HelpfulNullPointer {
    String name;
    HelpfulNullPointer next;
    int[] data;
    static HelpfulNullPointer sfield;
    static Object[] sarr;

    static String length(String s) { return "" + s.length(); }
    int count() { return 1; }

    interface Op { void run() throws Throwable; }

    static void attempt(String what, Op op) {
        try {
            op.run();
            System.out.println(what + ": no exception");
        } catch (NullPointerException e) {
            System.out.println(what + ": " + e.getMessage());
        } catch (Throwable t) {
            System.out.println(what + ": " + t);
        }
    }

    public static void main(String[] args) {
        attempt("invoke on local", new Op() { public void run() { String s = null; System.out.println(s.length()); } });
        attempt("invoke on param", new Op() { public void run() { length(null); } });
        attempt("field read", new Op() { public void run() { HelpfulNullPointer h = null; System.out.println(h.name); } });
        attempt("field chain", new Op() { public void run() { HelpfulNullPointer h = new HelpfulNullPointer(); System.out.println(h.next.name); } });
        attempt("field write", new Op() { public void run() { HelpfulNullPointer h = new HelpfulNullPointer(); h.next.name = "x"; } });
        attempt("static field", new Op() { public void run() { System.out.println(sfield.count()); } });
        attempt("array load", new Op() { public void run() { HelpfulNullPointer h = new HelpfulNullPointer(); System.out.println(h.data[2]); } });
        attempt("array store", new Op() { public void run() { sarr[1] = "x"; } });
        attempt("array length", new Op() { public void run() { int[] a = null; System.out.println(a.length); } });
        attempt("static array load", new Op() { public void run() { System.out.println(sarr[0]); } });
        attempt("throw null", new Op() { public void run() throws Throwable { Exception e = null; throw e; } });
        attempt("synchronized", new Op() { public void run() { Object o = null; synchronized (o) { System.out.println("in"); } } });
        attempt("unboxing", new Op() { public void run() { Integer i = null; int j = i; System.out.println(j); } });
        attempt("method return", new Op() { public void run() { System.out.println(make().count()); } });
        attempt("2d array", new Op() { public void run() { int[][] a = new int[2][]; a[1][0] = 3; } });
        attempt("explicit message", new Op() { public void run() { throw new NullPointerException("mine"); } });
        attempt("explicit no message", new Op() { public void run() { throw new NullPointerException(); } });
        attempt("requireNonNull", new Op() { public void run() { java.util.Objects.requireNonNull(null); } });
    }

    static HelpfulNullPointer make() { return null; }
}
