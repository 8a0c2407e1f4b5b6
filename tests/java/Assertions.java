// VMOPTIONS: -ea
// The assert statement with -ea: AssertionError with and without a detail message
// (objects, primitives, null, a Throwable as cause), side effects in the condition only
// when enabled, assertions in static initializers and inner classes, and
// desiredAssertionStatus. -ea does not enable system assertions.
public class Assertions {
    static int evaluations;
    static boolean sideEffect() { evaluations++; return true; }
    static class Inner { static String check(int v) { try { assert v > 0 : "inner " + v; return "ok"; } catch (AssertionError e) { return "failed: " + e.getMessage(); } } }
    static class StaticInit { static String status; static { try { assert false : "in clinit"; status = "not thrown"; } catch (AssertionError e) { status = "thrown " + e.getMessage(); } } }

    interface Op { void run(); }
    static void attempt(String what, Op op) {
        try { op.run(); System.out.println(what + ": passed"); }
        catch (AssertionError e) { System.out.println(what + ": AssertionError message=" + e.getMessage() + " cause=" + e.getCause()); }
    }

    public static void main(String[] args) {
        attempt("true", new Op() { public void run() { assert 1 + 1 == 2; } });
        attempt("false", new Op() { public void run() { assert 1 + 1 == 3; } });
        attempt("string message", new Op() { public void run() { assert false : "custom message"; } });
        attempt("int message", new Op() { public void run() { assert false : 42; } });
        attempt("long message", new Op() { public void run() { assert false : 1L << 40; } });
        attempt("double message", new Op() { public void run() { assert false : 2.5; } });
        attempt("char message", new Op() { public void run() { assert false : 'c'; } });
        attempt("boolean message", new Op() { public void run() { assert false : true; } });
        attempt("null message", new Op() { public void run() { assert false : null; } });
        attempt("object message", new Op() { public void run() { assert false : new StringBuilder("sb"); } });
        attempt("throwable message", new Op() { public void run() { assert false : new IllegalStateException("as cause"); } });
        evaluations = 0;
        assert sideEffect();
        assert sideEffect() : "never";
        System.out.println("condition evaluated " + evaluations + " times");
        System.out.println("inner " + Inner.check(1) + " / " + Inner.check(-1));
        System.out.println("static init " + StaticInit.status);
        System.out.println("desiredAssertionStatus " + Assertions.class.desiredAssertionStatus() + " inner " + Inner.class.desiredAssertionStatus()
            + " system class " + String.class.desiredAssertionStatus());
        AssertionError ae = new AssertionError("direct");
        System.out.println("direct construction " + ae.getMessage() + " is Error " + (ae instanceof Error));
    }
}
