// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// System.exit from a thread other than main: ThreadEnd of that thread, then VMDeath,
// then nothing (the still-running main thread's end is never reported).
public class SystemExitEvents {
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            System.out.println("worker-exit calls System.exit(3)");
            System.exit(3);
        }, "worker-exit");
        t.start();
        t.join();
        System.out.println("not reached");
    }
}
