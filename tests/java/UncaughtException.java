// An uncaught exception in main: the launcher prints "Exception in thread "main"" with the
// stack trace (causes included) on stderr and the process exits with status 1. Output
// written to System.out before the exception must appear.
public class UncaughtException {
    static void inner(int x) {
        if (x > 2) throw new IllegalStateException("inner failure at " + x);
        inner(x + 1);
    }
    static void outer() {
        try {
            inner(0);
        } catch (IllegalStateException e) {
            throw new RuntimeException("outer failure", e);
        }
    }
    public static void main(String[] args) {
        System.out.println("before");
        System.out.flush();
        outer();
        System.out.println("not reached");
    }
}
