// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI RunAgentThread: the agent thread as Java and JVMTI see it while it runs and after.
import java.util.Arrays;

public class RunAgentThread {
    static native void run(Thread t, int priority, boolean returnAtOnce);
    static native void waitStarted();
    static native void inspect(Thread t, ThreadGroup g);
    static native void finish();
    static native void errors(Thread live, Object notThread, Thread fresh);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread t = new Thread("gat agent thread");
        ThreadGroup g = t.getThreadGroup();
        System.out.println("before: alive " + t.isAlive() + ", daemon " + t.isDaemon() + ", state " + t.getState());
        run(t, 7, false);
        waitStarted();
        System.out.println("running: alive " + t.isAlive() + ", daemon " + t.isDaemon() + ", priority "
                           + t.getPriority() + ", state " + t.getState());
        Thread[] members = new Thread[g.activeCount() + 16];
        int n = g.enumerate(members);
        System.out.println("in its group (ThreadGroup.enumerate): " + Arrays.asList(members).subList(0, n).contains(t));
        System.out.println("in Thread.getAllStackTraces: " + Thread.getAllStackTraces().containsKey(t));
        inspect(t, g);
        finish();
        t.join();
        System.out.println("joined: alive " + t.isAlive() + ", state " + t.getState());
        inspect(t, g);

        Thread quick = new Thread("gat quick agent thread");
        run(quick, Thread.MIN_PRIORITY, true);
        quick.join();
        System.out.println("quick joined: alive " + quick.isAlive() + ", daemon " + quick.isDaemon()
                           + ", priority " + quick.getPriority() + ", state " + quick.getState());

        Thread fresh = new Thread("gat never started");
        errors(Thread.currentThread(), "not a thread", fresh);
        System.out.println("after the errors: alive " + fresh.isAlive() + ", daemon " + fresh.isDaemon()
                           + ", priority " + fresh.getPriority() + ", state " + fresh.getState());
    }
}
