// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    public static void main(String[] args) throws Exception {
        long[] r = new long[1];
        Thread t = new Thread(() -> r[0] = Native.overflow(), "deep");
        t.start();
        t.join();
        System.out.println("overflow returned " + r[0]);
        System.out.println("still alive: " + Native.bpCall(20));
    }
}
