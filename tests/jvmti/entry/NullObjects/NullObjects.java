// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// NULL for jobject parameters that must be objects (agent.c).
public class NullObjects {
    static native void live(Thread worker, Object notAThread, Module module);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Object lock = new Object();
        Thread worker = new Thread(() -> {
            synchronized (lock) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                }
            }
        });
        worker.start();
        live(worker, "not a thread", Object.class.getModule());
        synchronized (lock) {
            worker.interrupt();
        }
        worker.join();
        System.out.println("worker alive: " + worker.isAlive());
    }
}
