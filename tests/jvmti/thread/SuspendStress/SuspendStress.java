// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Suspension and resumption in a loop against threads that block and wake up all the
// time, with safepoints in between (see agent.c).
import java.util.concurrent.locks.LockSupport;

public class SuspendStress {
    static native void watchdog(int seconds);          // a hang becomes a failure (agent.c)
    static native void progress(int n, String step);  // tells the watchdog where we are
    static native int suspend(Thread t);
    static native int resume(Thread t);
    static native int frameCount(Thread t);

    static final int WORKERS = 3, ROUNDS = 5000;
    static final Object lock = new Object();
    static volatile boolean stop;
    static volatile int running;

    static volatile Object sink;

    /* Blocks and wakes up in every way the VM knows (park, contended entry, wait), and
     * allocates enough to collect often (in a small heap), counting its rounds. */
    static class Worker extends Thread {
        volatile long count;
        Worker(int i) { super("worker-" + i); setDaemon(true); }
        public void run() {
            synchronized (SuspendStress.class) { running++; }
            for (int n = 0; !stop; n++, count++) {
                switch (n % 5) {
                case 0:
                    LockSupport.parkNanos(20_000);
                    break;
                case 1:
                    synchronized (lock) { Thread.onSpinWait(); }
                    break;
                case 2:
                    synchronized (lock) {
                        try { lock.wait(1); } catch (InterruptedException e) { }
                    }
                    break;
                case 3:
                    synchronized (lock) { lock.notifyAll(); }
                    break;
                default:
                    for (int k = 0; k < 256; k++) sink = new byte[2048];
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        watchdog(15);
        Worker[] workers = new Worker[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = new Worker(i);
            workers[i].start();
        }
        long[] counts = new long[WORKERS];
        while (running < WORKERS) Thread.sleep(1);
        int errors = 0, noFrames = 0, ranWhileSuspended = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (Worker w : workers) {
                progress(r, "suspending " + w.getName());
                if (suspend(w) != 0) errors++;
            }
            for (int i = 0; i < WORKERS; i++) counts[i] = workers[i].count;
            for (Worker w : workers) {
                progress(r, "frames of " + w.getName());
                if (frameCount(w) <= 0) noFrames++;
            }
            for (int i = 0; i < WORKERS; i++)
                if (workers[i].count != counts[i]) ranWhileSuspended++;
            for (Worker w : workers) {
                progress(r, "resuming " + w.getName());
                if (resume(w) != 0) errors++;
            }
        }
        stop = true;
        progress(ROUNDS, "joining the workers");
        synchronized (lock) { lock.notifyAll(); }
        for (Thread w : workers) w.join();
        System.out.println(ROUNDS + " rounds of " + WORKERS + " threads suspended and resumed; errors: " + errors + ", suspended threads without frames: " + noFrames + ", that ran: " + ranWhileSuspended);
    }
}
