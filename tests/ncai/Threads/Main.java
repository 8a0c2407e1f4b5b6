// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void check(Thread worker, Thread unstarted);
    static native void terminate(Thread looper);
    static native void checkEnded();
    static native void reportTerminate();
    static native void startAgentThread(Thread t);
    static native void stopAgentThread();
    static native boolean agentThreadRunning();

    static volatile boolean stop, started;
    static volatile long spins;

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.rearm();
        Thread worker = new Thread(() -> {
            started = true;
            Native.spin();
        }, "worker");
        worker.start();
        while (!started) Thread.sleep(10);
        Native.startAttached();
        Thread agentThread = new Thread("agent-thread");
        startAgentThread(agentThread);
        while (!agentThreadRunning()) Thread.sleep(10);
        check(worker, new Thread("unstarted"));
        Native.release();
        worker.join();
        Native.stopAttached();
        stopAgentThread();
        agentThread.join();
        checkEnded();
        Thread looper = new Thread(() -> {
            try {
                while (!stop) spins++;
            } catch (ThreadDeath d) {
                System.out.println("looper got ThreadDeath");
                throw d;
            }
        }, "looper");
        looper.start();
        while (spins == 0) Thread.sleep(10);
        terminate(looper);
        looper.join();
        reportTerminate();
        System.out.println("looper ended");
    }
}
