// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Thread.suspend/resume: a suspended thread runs no Java code (a counting thread stops
// counting, a sleeping thread does not go on after its sleep ends, a waiting thread
// notified does not go on) until resumed; suspending oneself blocks until another thread
// resumes; resuming a thread that is not suspended, and suspending one not started or
// ended, do nothing; Thread.getState of a suspended thread is unchanged.
// Suspension is synchronous (suspend returns once the thread is stopped), so every check
// waits for the condition it needs instead of sleeping a fixed time: a loaded machine may
// leave any thread without a CPU for hundreds of milliseconds.
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

public class ThreadSuspend {
    static volatile long counter;
    static volatile boolean run = true;
    static volatile boolean woke;
    static final Object lock = new Object();

    @SuppressWarnings("removal")
    public static void main(String[] args) throws Exception {
        Thread counting = new Thread(() -> { while (run) counter++; }, "counting");
        counting.start();
        while (counter == 0) Thread.sleep(1);
        counting.suspend();
        long a = counter;
        Thread.sleep(100);
        long b = counter;
        System.out.println("counting: stopped while suspended " + (a == b));
        System.out.println("counting: state while suspended " + counting.getState());
        counting.suspend(); // already suspended: nothing
        counting.resume();
        // Up to 50 s for the resumed thread to get a CPU again.
        for (int i = 0; i < 5000 && counter == b; i++) Thread.sleep(10);
        System.out.println("counting: counts again after resume " + (counter != b));
        counting.resume(); // not suspended: nothing
        run = false;
        counting.join();

        // The sleeper must be suspended before its sleep ends: when this thread got no CPU
        // for the whole nap (woke already set once suspend returns), try again, napping
        // longer. Then wait past the nap's end.
        for (long nap = 100; ; nap *= 2) {
            woke = false;
            final long napMs = nap;
            Thread sleeper = new Thread(() -> {
                try { Thread.sleep(napMs); } catch (InterruptedException e) { }
                woke = true;
            }, "sleeper");
            sleeper.start();
            while (sleeper.getState() != Thread.State.TIMED_WAITING && !woke) Thread.yield();
            sleeper.suspend();
            if (woke && nap < 60_000) {
                sleeper.resume();
                sleeper.join();
                continue;
            }
            Thread.sleep(nap + 200);
            System.out.println("sleeper: went on while suspended " + woke);
            sleeper.resume();
            sleeper.join();
            System.out.println("sleeper: went on after resume " + woke);
            break;
        }

        woke = false;
        Thread waiter = new Thread(() -> {
            synchronized (lock) {
                try { lock.wait(); } catch (InterruptedException e) { }
            }
            woke = true;
        }, "waiter");
        waiter.start();
        while (waiter.getState() != Thread.State.WAITING) Thread.sleep(1);
        waiter.suspend();
        synchronized (lock) { lock.notifyAll(); }
        Thread.sleep(200);
        System.out.println("waiter: went on while suspended " + woke);
        waiter.resume();
        waiter.join();
        System.out.println("waiter: went on after resume " + woke);

        Thread self = new Thread(() -> {
            System.out.println("self: suspending itself");
            Thread.currentThread().suspend();
            System.out.println("self: resumed");
        }, "self");
        self.start();
        // Resuming before it has suspended itself would leave it suspended for ever.
        ThreadMXBean tb = ManagementFactory.getThreadMXBean();
        while (!tb.getThreadInfo(self.getId()).isSuspended()) Thread.sleep(1);
        System.out.println("self: alive while suspended " + self.isAlive() + ", state " + self.getState());
        self.resume();
        self.join();

        Thread unstarted = new Thread(() -> System.out.println("unstarted: ran"), "unstarted");
        unstarted.suspend();
        unstarted.resume();
        unstarted.start();
        unstarted.join();
        unstarted.suspend();
        unstarted.resume();
        System.out.println("done");
    }
}
