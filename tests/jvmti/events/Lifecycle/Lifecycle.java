// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMStart, VMInit, ThreadStart, ThreadEnd, VMDeath: order, phase, thread, arguments.
public class Lifecycle {
    public static void main(String[] args) throws Exception {
        System.out.println("main runs");
        for (int i = 1; i <= 2; i++) {
            Thread w = new Thread(() -> System.out.println("in " + Thread.currentThread().getName()), "worker-" + i);
            w.start();
            w.join();
        }
        Thread d = new Thread(() -> {}, "worker-daemon");
        d.setDaemon(true);
        d.start();
        d.join();
        System.out.println("main ends");
    }
}
