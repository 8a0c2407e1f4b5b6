// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native boolean suspend(Thread w);
    static native void resume();
    static native void report();

    static volatile long rounds;

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.rearm();
        Thread w = new Thread(() -> rounds = Native.churn(), "churner");
        w.start();
        Thread.sleep(50);
        int ok = 0;
        for (int i = 0; i < 100; i++) {
            if (!suspend(w)) break;
            // The VM's own work while the churner is stopped: allocation, collection,
            // a new thread.
            byte[][] junk = new byte[16][];
            for (int k = 0; k < junk.length; k++) junk[k] = new byte[64 * 1024];
            if (i % 10 == 0) System.gc();
            Thread t = new Thread(() -> { });
            t.start();
            t.join();
            resume();
            ok++;
            Thread.sleep(1);
        }
        Native.release();
        w.join();
        System.out.println("suspended and resumed " + ok + " times, churner ran: " + (rounds > 0));
        report();
    }
}
