// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI suspension (see agent.c).
public class SuspendResume {
    static native void withoutCapability(Thread t);
    static native int suspend(Thread t);       // the jvmtiError
    static native int resume(Thread t);
    static native int state(Thread t);          // GetThreadState
    static native void locals(Thread t);        // reads and writes Worker.work's locals
    static native void lists(Thread a, Thread b, Thread unstarted, Object notAThread);
    static native void suspendSelf();
    static native void errors(Thread unstarted, Thread terminated, Object notAThread);

    static volatile long counter;
    static volatile boolean run = true;
    static volatile boolean release;
    static volatile int resumed = -1;

    static class Worker extends Thread {
        final boolean quiet;
        Worker(String name, boolean quiet) { super(name); this.quiet = quiet; }
        public void run() { work(7, 2.5); }
        void work(int seven, double twoAndHalf) {
            long big = 1L << 40;
            String text = "before";
            while (run) counter++;
            while (!release) Thread.onSpinWait();
            if (!quiet) System.out.println(getName() + ": seven=" + seven + " twoAndHalf=" + twoAndHalf + " big=" + big + " text=" + text);
        }
    }

    static String err(int e) { return e == 0 ? "NONE" : "error " + e; }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Worker w = new Worker("worker", false);
        w.start();
        while (counter == 0) Thread.sleep(1);
        withoutCapability(w);

        System.out.println("SuspendThread: " + err(suspend(w)));
        long a = counter;
        Thread.sleep(100);
        System.out.println("stopped counting while suspended: " + (a == counter));
        System.out.println("suspended bit set: " + ((state(w) & 0x100000) != 0) + ", alive bit set: " + ((state(w) & 1) != 0));
        System.out.println("SuspendThread again: " + err(suspend(w)));
        System.out.println("ResumeThread: " + err(resume(w)));
        System.out.println("suspended bit after resume: " + ((state(w) & 0x100000) != 0));
        // Up to 50 s for the resumed worker to get a CPU again (a loaded machine).
        for (int i = 0; i < 5000 && a == counter; i++) Thread.sleep(10);
        System.out.println("counts again: " + (a != counter));
        System.out.println("ResumeThread again: " + err(resume(w)));

        // Locals of a suspended thread, once it is past the counting loop.
        run = false;
        Thread.sleep(50);
        System.out.println("SuspendThread (for locals): " + err(suspend(w)));
        locals(w);
        release = true;
        Thread.sleep(50);
        System.out.println("worker alive while suspended: " + w.isAlive());
        // The worker prints as soon as it runs again: report after it ended, so that the
        // order of the two lines does not depend on scheduling.
        int resumedWorker = resume(w);
        w.join();
        System.out.println("ResumeThread: " + err(resumedWorker));

        // Lists: two live threads, one listed twice, one not started, one not a thread.
        run = true;
        release = false;
        Worker x = new Worker("x", true);
        Worker y = new Worker("y", true);
        x.start();
        y.start();
        Thread unstarted = new Thread(() -> { }, "unstarted");
        lists(x, y, unstarted, "not a thread");
        run = false;
        release = true;
        x.join();
        y.join();

        // The current thread: returns once another thread resumed it.
        Thread main = Thread.currentThread();
        Thread resumer = new Thread(() -> {
            try {
                while ((state(main) & 0x100000) == 0) Thread.sleep(5);
                resumed = resume(main);
            } catch (InterruptedException e) { }
        }, "resumer");
        resumer.start();
        suspendSelf();
        System.out.println("main: back from suspending itself");
        resumer.join();
        System.out.println("resumer found main suspended and resumed it: " + err(resumed));

        Thread terminated = new Thread(() -> { }, "terminated");
        terminated.start();
        terminated.join();
        errors(unstarted, terminated, "not a thread");
    }
}
