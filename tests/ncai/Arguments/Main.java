// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void check(Thread running, Thread unstarted);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.rearm();
        Thread spinner = new Thread(Native::spin);
        spinner.start();
        while (!Native.spinning()) Thread.sleep(1);
        check(spinner, new Thread(() -> { }));
        Native.release();
        spinner.join();
        System.out.println("done");
    }
}
