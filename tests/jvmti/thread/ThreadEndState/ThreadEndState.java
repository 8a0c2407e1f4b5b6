// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetThreadState of the ending thread during ThreadEnd (agent.c).
public class ThreadEndState {
    static native void after(Thread t);

    static native void whileHeld(Thread t);

    static native boolean agentThread(Thread t);

    static native void attachDetach();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread a = new Thread(() -> { }, "worker-returns");
        a.start();
        a.join();
        after(a);
        Thread b = new Thread(() -> { throw new IllegalStateException("ends"); }, "worker-throws");
        b.setUncaughtExceptionHandler((t, x) -> System.out.println("uncaught " + x.getMessage()));
        b.start();
        b.join();
        after(b);
        Thread c = new Thread("agent-thread");
        boolean started = agentThread(c);
        c.join();
        System.out.println("RunAgentThread succeeded: " + started);
        after(c);
        attachDetach();
        Thread h = new Thread(() -> { }, "worker-held");
        h.start();
        whileHeld(h);
        h.join();
        after(h);
    }
}
