// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetTopThreadGroups: the one parentless group, which is the ancestor of every
// thread's group.
public class GetTopThreadGroups {
    static native void top(ThreadGroup expected);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        ThreadGroup g = Thread.currentThread().getThreadGroup();
        while (g.getParent() != null) g = g.getParent();
        new ThreadGroup("another group"); // children do not become top-level groups
        top(g);
        Thread t = new Thread(new ThreadGroup("gtt group"), () -> top(null), "gtt worker");
        t.start();
        t.join();
    }
}
