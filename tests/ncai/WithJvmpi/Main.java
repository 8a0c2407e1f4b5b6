// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void listen(boolean on);
    static native void report();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.release(); // loads libncainative.so
        listen(true);
        int sum = 0;
        for (int i = 0; i < 5; i++) sum += Native.bpJcc(5);
        Thread w = new Thread(() -> Native.bpJcc(5), "worker");
        w.start();
        w.join();
        listen(false);
        Native.bpJcc(5);
        System.out.println("bpJcc(5) five times: " + sum);
        report();
    }
}
