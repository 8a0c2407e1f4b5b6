// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetThreadGroupInfo for the system and main groups and for groups the program
// makes and changes.
public class GetThreadGroupInfo {
    static native void info(String what, ThreadGroup g, ThreadGroup expectedParent);
    static native void errors(Object notGroup, Thread thread);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        ThreadGroup main = Thread.currentThread().getThreadGroup();
        ThreadGroup system = main.getParent();
        info("system", system, null);
        info("main", main, system);
        ThreadGroup custom = new ThreadGroup("gtgi custom");
        info("custom, new", custom, main);
        custom.setMaxPriority(6);
        custom.setDaemon(true);
        info("custom, changed", custom, main);
        ThreadGroup child = new ThreadGroup(custom, "gtgi child \u00e9\u0000");
        info("child", child, custom);
        custom.setMaxPriority(3); // lowers the child's too
        info("child after the parent's max priority fell", child, custom);
        ThreadGroup unnamed = new ThreadGroup(custom, null);
        info("unnamed", unnamed, custom);
        errors("not a group", Thread.currentThread());
    }
}
