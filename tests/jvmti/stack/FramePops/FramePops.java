// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI NotifyFramePop on another (suspended) thread, ClearAllFramePops, and their errors
// (see agent.c).
public class FramePops {
    static native void errors(Thread running, Thread terminated, Object notAThread);
    static native void onSuspended(Thread t);
    static native void clearOwn();

    static final Object lock = new Object();

    static void sleeper() {
        try { Thread.sleep(600_000); } catch (InterruptedException e) { }
    }

    static int cleared() {
        clearOwn();            // requests this frame's pop, then clears all of them
        return 1;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread t = new Thread(FramePops::sleeper, "sleeper");
        t.start();
        while (t.getState() != Thread.State.TIMED_WAITING) Thread.sleep(5);
        Thread done = new Thread(() -> { }, "done");
        done.start();
        done.join();
        errors(t, done, "not a thread");
        onSuspended(t);
        t.interrupt();
        t.join();
        System.out.println("sleeper ended");
        cleared();
        System.out.println("done");
    }
}
