// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Debuggee of the jdb/Threads session: a breakpoint hit by another thread.
public class Threads {
    static int work(int k) {
        int r = k * 7;
        return r;
    }

    public static void main(String[] args) throws Exception {
        Thread w = new Thread(() -> System.out.println("worker " + work(6)), "worker");
        w.start();
        w.join();
        System.out.println("main " + work(1));
    }
}
