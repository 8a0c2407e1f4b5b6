// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ArenaOrder: the agent's counts, after a few allocations of main's and another thread's.
public class Main {
    static native void report();

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jvmpitest");
        Thread t = new Thread(() -> {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 100; i++) sb.append(i);
        });
        t.start();
        t.join();
        report();
    }
}
