// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void check(Thread running);
    static native void remember(Thread t);

    static volatile boolean go;

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread shortLived = new Thread(() -> { while (!go) Thread.onSpinWait(); });
        shortLived.start();
        remember(shortLived);
        go = true;
        shortLived.join();
        Native.rearm();
        Thread spinner = new Thread(Native::spin);
        spinner.start();
        check(spinner);
        Native.release();
        spinner.join();
        System.out.println("done");
    }
}
