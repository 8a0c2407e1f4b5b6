// StackOverflowError is a catchable error: infinite recursion is caught, the thread
// continues, monitors held by unwound frames are released, finally blocks run, and it
// works repeatedly, in other threads, and through different kinds of frames.
public class StackOverflowCaught {
    static int depth;
    static int recurse(int n) { depth++; return recurse(n + 1) + 1; }
    static synchronized int syncRecurse(int n) { return syncRecurse(n + 1) + 1; }
    static long wide(long a, double b, long c, double d) { return wide(a + 1, b, c, d) + 1; }
    int virtualRecurse(int n) { return virtualRecurse(n + 1) + 1; }
    static int finallies;
    static int withFinally(int n) {
        try { return withFinally(n + 1); } finally { if (n % 1000 == 0) finallies++; }
    }
    static int tryCatchEach(int n) {
        try { return tryCatchEach(n + 1); } catch (IllegalStateException e) { return 0; }
    }
    interface Rec { int go(int n); }
    static class RecImpl implements Rec { public int go(int n) { return go(n + 1); } }

    public static void main(String[] args) throws Exception {
        for (int round = 0; round < 3; round++) {
            depth = 0;
            try { recurse(0); System.out.println("no overflow?"); }
            catch (StackOverflowError e) { System.out.println("round " + round + ": caught StackOverflowError, deep " + (depth > 1000)); }
        }
        try { syncRecurse(0); } catch (StackOverflowError e) {
            System.out.println("synchronized: caught, class lock held " + Thread.holdsLock(StackOverflowCaught.class));
        }
        try { wide(0, 0, 0, 0); } catch (StackOverflowError e) { System.out.println("wide args: caught"); }
        try { new StackOverflowCaught().virtualRecurse(0); } catch (StackOverflowError e) { System.out.println("virtual: caught"); }
        try { new RecImpl().go(0); } catch (StackOverflowError e) { System.out.println("interface: caught"); }
        try { withFinally(0); } catch (StackOverflowError e) { System.out.println("finally: caught, finallies ran " + (finallies > 0)); }
        try { tryCatchEach(0); } catch (StackOverflowError e) { System.out.println("handlers not matching: caught"); }
        // Through reflection
        try {
            StackOverflowCaught.class.getDeclaredMethod("recurse", int.class).invoke(null, 0);
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println("reflection: " + e.getCause().getClass().getName());
        } catch (StackOverflowError e) {
            System.out.println("reflection: overflow in reflection machinery");
        }
        // In another thread
        final String[] result = new String[1];
        Thread t = new Thread(new Runnable() {
            public void run() {
                try { recurse(0); } catch (StackOverflowError e) { result[0] = "thread: caught"; }
            }
        });
        t.start();
        t.join();
        System.out.println(result[0]);
        // The stack trace of a StackOverflowError has frames of the recursive method
        try { recurse(0); } catch (StackOverflowError e) {
            StackTraceElement[] st = e.getStackTrace();
            System.out.println("trace non-empty " + (st.length > 0) + " top " + st[0].getMethodName());
        }
        // Normal deep-but-bounded recursion still works afterwards
        System.out.println("fib(20) = " + fib(20));
    }
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
}
