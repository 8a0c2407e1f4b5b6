// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// An UncaughtExceptionHandler that itself throws: the VM names the handler's exception
// and the thread on stderr ("Exception: X thrown from the UncaughtExceptionHandler in
// thread ...", HotSpot's JavaThread::exit) and carries on, for a worker thread and for
// main (whose uncaught exception the launcher hands back to the VM at detach).
public class UncaughtHandlerThrows {
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> { throw new IllegalStateException("worker"); }, "worker-1");
        t.setUncaughtExceptionHandler((th, e) -> {
            System.out.println("handler for " + th.getName() + ": " + e.getMessage());
            throw new ArithmeticException("from handler");
        });
        t.start();
        t.join();
        System.out.println("worker alive: " + t.isAlive());

        Thread.currentThread().setName("renamed-main");
        Thread.setDefaultUncaughtExceptionHandler((th, e) -> {
            System.out.println("default handler for " + th.getName() + ": " + e.getMessage());
            throw new UnsupportedOperationException();
        });
        throw new RuntimeException("main fails");
    }
}
