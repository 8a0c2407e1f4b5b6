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


    /* Blocks and wakes up in every way the VM knows: park, contended entry, wait. */
    static void work() {
        synchronized (SuspendStress.class) { running++; }
        for (int n = 0; !stop; n++) {
            switch (n % 4) {
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
            default:
                synchronized (lock) { lock.notifyAll(); }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        watchdog(15);
        Thread[] workers = new Thread[WORKERS];
        for (int i = 0; i < WORKERS; i++) {
            workers[i] = new Thread(SuspendStress::work, "worker-" + i);
            workers[i].setDaemon(true);
            workers[i].start();
        }
        while (running < WORKERS) Thread.sleep(1);
        int errors = 0, noFrames = 0;
        for (int r = 0; r < ROUNDS; r++) {
            for (Thread w : workers) {
                progress(r, "suspending " + w.getName());
                if (suspend(w) != 0) errors++;
            }
            for (Thread w : workers) {
                progress(r, "frames of " + w.getName());
                int n = frameCount(w);
                if (n <= 0) { noFrames++; if (noFrames < 5) System.out.println("frames " + n + " " + w.getName()); }
            }
            for (Thread w : workers) {
                progress(r, "resuming " + w.getName());
                if (resume(w) != 0) errors++;
            }
        }
        stop = true;
        progress(ROUNDS, "joining the workers");
        synchronized (lock) { lock.notifyAll(); }
        for (Thread w : workers) w.join();
        System.out.println(ROUNDS + " rounds of " + WORKERS + " threads suspended and resumed; errors: " + errors + ", suspended threads without frames: " + noFrames);
    }
}
