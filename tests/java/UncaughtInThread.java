// An exception escaping a non-main thread goes to the default handler, which prints
// "Exception in thread "NAME"" and the trace on stderr; the process still exits 0 when
// main returns. Also a per-thread and a default UncaughtExceptionHandler.
public class UncaughtInThread {
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(new Runnable() {
            public void run() { throw new IllegalArgumentException("worker failed"); }
        }, "worker-1");
        t.start();
        t.join();
        System.out.println("after worker-1, alive " + t.isAlive());

        Thread t2 = new Thread(new Runnable() {
            public void run() { throw new UnsupportedOperationException("handled"); }
        }, "worker-2");
        t2.setUncaughtExceptionHandler(new Thread.UncaughtExceptionHandler() {
            public void uncaughtException(Thread th, Throwable e) {
                System.out.println("handler: " + th.getName() + " " + e);
            }
        });
        t2.start();
        t2.join();

        Thread.setDefaultUncaughtExceptionHandler(new Thread.UncaughtExceptionHandler() {
            public void uncaughtException(Thread th, Throwable e) {
                System.out.println("default handler: " + th.getName() + " " + e.getMessage());
            }
        });
        Thread t3 = new Thread(new Runnable() {
            public void run() { throw new Error("via default"); }
        }, "worker-3");
        t3.start();
        t3.join();
        // A thread group's uncaughtException is consulted before the default handler
        ThreadGroup g = new ThreadGroup("custom-group") {
            public void uncaughtException(Thread th, Throwable e) {
                System.out.println("group handler: " + getName() + " " + th.getName() + " " + e.getMessage());
            }
        };
        Thread t4 = new Thread(g, new Runnable() {
            public void run() { throw new RuntimeException("in group"); }
        }, "worker-4");
        t4.start();
        t4.join();
        System.out.println("main done");
    }
}
