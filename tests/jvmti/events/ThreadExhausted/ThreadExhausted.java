// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ResourceExhausted(OOM_ERROR|THREADS) when the OS refuses a new thread (the agent,
// preloaded, makes pthread_create fail on request).
public class ThreadExhausted {
    static native void refuseThreads(boolean on);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        refuseThreads(true);
        try {
            new Thread(() -> System.out.println("must not run"), "worker-1").start();
            System.out.println("started?!");
        } catch (OutOfMemoryError e) {
            System.out.println("caught OutOfMemoryError");
        }
        refuseThreads(false);
        Thread ok = new Thread(() -> System.out.println("worker-2 runs"), "worker-2");
        ok.start();
        ok.join();
    }
}
