// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Thread.suspend/resume: a suspended thread runs no Java code (a counting thread stops
// counting, a sleeping thread does not go on after its sleep ends, a waiting thread
// notified does not go on) until resumed; suspending oneself blocks until another thread
// resumes; resuming a thread that is not suspended, and suspending one not started or
// ended, do nothing; Thread.getState of a suspended thread is unchanged.
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
        Thread.sleep(50);
        System.out.println("counting: counts again after resume " + (counter != b));
        counting.resume(); // not suspended: nothing
        run = false;
        counting.join();

        Thread sleeper = new Thread(() -> {
            try { Thread.sleep(100); } catch (InterruptedException e) { }
            woke = true;
        }, "sleeper");
        sleeper.start();
        Thread.sleep(20);
        sleeper.suspend();
        Thread.sleep(300);
        System.out.println("sleeper: went on while suspended " + woke);
        sleeper.resume();
        sleeper.join();
        System.out.println("sleeper: went on after resume " + woke);

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
        Thread.sleep(200);
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
