// A static initializer that throws: the first use gets ExceptionInInitializerError with
// the cause, every later use NoClassDefFoundError ("Could not initialize class X"); an
// Error thrown by <clinit> propagates as itself; other classes are unaffected.
public class ClassInitFailure {
    static class Broken {
        static int value;
        static {
            if (ClassInitFailure.fail) throw new IllegalStateException("boom in clinit");
            value = 1;
        }
        static int get() { return value; }
    }
    static class BrokenByError {
        static { if (ClassInitFailure.fail) throw new OutOfMemoryError("fake oom in clinit"); }
        static void f() {}
    }
    static class BrokenSuper { static { if (ClassInitFailure.fail) throw new RuntimeException("super fails"); } }
    static class ChildOfBroken extends BrokenSuper { static int x = 5; }
    static class Fine { static int v = 9; }
    static class Later { static { if (Integer.parseInt("1") == 1) throw new ArithmeticException("later fails"); } }
    static boolean fail = true;

    interface Op { Object run() throws Throwable; }
    static void attempt(String what, Op op) {
        try {
            Object r = op.run();
            System.out.println(what + ": ok " + r);
        } catch (Throwable t) {
            System.out.println(what + ": " + t.getClass().getName() + ": " + t.getMessage());
            if (t.getCause() != null) System.out.println("  cause: " + t.getCause());
        }
    }

    public static void main(String[] args) {
        attempt("first getstatic", new Op() { public Object run() { return Broken.value; } });
        attempt("second getstatic", new Op() { public Object run() { return Broken.value; } });
        attempt("invokestatic", new Op() { public Object run() { return Broken.get(); } });
        attempt("new array ok", new Op() { public Object run() { return new Broken[2].length; } });
        attempt("forName", new Op() { public Object run() throws Throwable { return Class.forName("ClassInitFailure$Broken"); } });
        attempt("forName no init", new Op() { public Object run() throws Throwable {
            return Class.forName("ClassInitFailure$Broken", false, ClassInitFailure.class.getClassLoader()).getName(); } });
        attempt("error in clinit", new Op() { public Object run() { BrokenByError.f(); return "f"; } });
        attempt("error again", new Op() { public Object run() { BrokenByError.f(); return "f"; } });
        attempt("child of broken", new Op() { public Object run() { return ChildOfBroken.x; } });
        attempt("child again", new Op() { public Object run() { return ChildOfBroken.x; } });
        attempt("super directly", new Op() { public Object run() { return new BrokenSuper(); } });
        attempt("reflection newInstance", new Op() { public Object run() throws Throwable {
            return Broken.class.getDeclaredConstructor().newInstance(); } });
        fail = false;  // too late: the erroneous state is permanent
        attempt("after fixing flag", new Op() { public Object run() { return Broken.value; } });
        attempt("unrelated class", new Op() { public Object run() { return Fine.v; } });
        // The ExceptionInInitializerError's getException is the original exception
        try { Class.forName("ClassInitFailure$Later"); }
        catch (ExceptionInInitializerError e) { System.out.println("getException " + e.getException().getMessage()); }
        catch (ClassNotFoundException e) { System.out.println(e); }
    }
}
