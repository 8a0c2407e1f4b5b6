// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void report(Thread last);
    static native void keep(Thread t);
    static native void checkKept();

    static volatile boolean go;

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread last = null;
        for (int i = 0; i < 1000; i++) {
            last = new Thread(() -> { });
            last.start();
            last.join();
        }
        report(last);
        Thread t = new Thread(() -> { while (!go) Thread.onSpinWait(); });
        t.start();
        keep(t);
        go = true;
        t.join();
        checkKept();
    }
}
