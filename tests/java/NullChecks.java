// NullPointerException from every bytecode that dereferences: getfield, putfield,
// invokevirtual, invokeinterface, invokespecial (private), arraylength, array loads and
// stores, athrow, monitorenter, and unboxing; and that exceptions are precise (state
// before the faulting instruction is preserved).
public class NullChecks {
    int field = 7;
    long lfield;
    int[] arr;
    private int priv() { return 1; }
    int virt() { return 2; }
    interface I { int m(); }
    static class Impl implements I { public int m() { return 3; } }

    interface Op { void run() throws Throwable; }
    static int sink;

    static void attempt(String what, Op op) {
        try {
            op.run();
            System.out.println(what + ": no exception");
        } catch (NullPointerException e) {
            System.out.println(what + ": NPE");
        } catch (Throwable t) {
            System.out.println(what + ": " + t.getClass().getName());
        }
    }

    static NullChecks nobody() { return null; }
    static I noI() { return null; }

    public static void main(String[] args) {
        final NullChecks n = nobody();
        final I i = noI();
        final int[] ia = null;
        final Object[] oa = null;
        final long[] la = null;
        final Integer boxed = null;
        final String s = null;
        attempt("getfield", new Op() { public void run() { sink += n.field; } });
        attempt("getfield long", new Op() { public void run() { sink += (int) n.lfield; } });
        attempt("putfield", new Op() { public void run() { n.field = 1; } });
        attempt("putfield long", new Op() { public void run() { n.lfield = 1; } });
        attempt("invokevirtual", new Op() { public void run() { sink += n.virt(); } });
        attempt("invokeprivate", new Op() { public void run() { sink += n.priv(); } });
        attempt("invokeinterface", new Op() { public void run() { sink += i.m(); } });
        attempt("invoke on Object method", new Op() { public void run() { sink += n.hashCode(); } });
        attempt("string method", new Op() { public void run() { sink += s.length(); } });
        attempt("arraylength", new Op() { public void run() { sink += ia.length; } });
        attempt("iaload", new Op() { public void run() { sink += ia[0]; } });
        attempt("iastore", new Op() { public void run() { ia[0] = 1; } });
        attempt("laload", new Op() { public void run() { sink += (int) la[0]; } });
        attempt("aaload", new Op() { public void run() { sink += oa[0] == null ? 1 : 0; } });
        attempt("aastore", new Op() { public void run() { oa[0] = "x"; } });
        attempt("athrow null", new Op() { public void run() throws Throwable { RuntimeException r = null; throw r; } });
        attempt("monitorenter", new Op() { public void run() { synchronized (s) { sink++; } } });
        attempt("unboxing", new Op() { public void run() { int x = boxed; sink += x; } });
        attempt("nested field", new Op() { public void run() { NullChecks x = new NullChecks(); sink += x.arr[0]; } });
        attempt("string switch", new Op() { public void run() { switch (s) { case "a": sink++; break; default: break; } } });
        attempt("enhanced for", new Op() { public void run() { for (int v : ia) sink += v; } });
        attempt("string concat ok", new Op() { public void run() { String t = "x" + s; sink += t.length(); } });
        attempt("instanceof null ok", new Op() { public void run() { sink += (s instanceof String) ? 1 : 0; } });
        attempt("checkcast null ok", new Op() { public void run() { Object o = null; String t = (String) o; sink += t == null ? 0 : 1; } });
        attempt("Objects.requireNonNull", new Op() { public void run() { java.util.Objects.requireNonNull(s, "s must not be null"); } });
        attempt("synchronized method on null", new Op() { public void run() { StringBuffer sb = null; sb.append(1); } });

        // Precise exceptions: side effects before the NPE are visible, after it are not.
        int[] counter = { 0 };
        try {
            counter[0] = 1;
            sink += n.field;
            counter[0] = 2;
        } catch (NullPointerException e) {
            System.out.println("counter " + counter[0]);
        }
        // An explicit NPE message is kept verbatim
        try { throw new NullPointerException("custom"); }
        catch (NullPointerException e) { System.out.println("message " + e.getMessage()); }
        System.out.println("sink " + sink);
    }
}
