// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void inspect(Thread worker);
    static native void remember(Thread worker);
    static native void afterDeath();

    static volatile long result = -1;

    static class Worker extends Thread {
        Worker() { super("worker"); }
        @Override public void run() {
            Native.down(1);
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.rearm();
        Worker w = new Worker();
        w.start();
        while (Native.upCalls == 0) Thread.sleep(10);
        remember(w);
        inspect(w);
        w.join();
        System.out.println("spin returned " + Native.spinResult);
        afterDeath();
    }
}
