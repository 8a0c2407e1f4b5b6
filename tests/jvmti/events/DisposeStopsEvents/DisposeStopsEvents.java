// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// DisposeEnvironment ends the environment's events; other environments keep theirs.
public class DisposeStopsEvents {
    static native void dispose();

    static void startAndJoin(String name) throws Exception {
        Thread t = new Thread(() -> {}, name);
        t.start();
        t.join();
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        startAndJoin("worker-1");
        dispose();
        startAndJoin("worker-2");
        System.out.println("main ends");
    }
}
