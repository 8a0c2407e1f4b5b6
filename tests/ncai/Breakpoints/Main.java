// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void setup();
    static native void report();
    static native void clear();

    static long work() {
        long sum = 0;
        for (int i = 0; i < 5; i++) {
            sum += Native.bpRipRel() > 0 ? 1 : 0;   // the counter only grows
            sum += Native.bpCall(i);                 // 2i + 1
            sum += Native.bpJcc(-3) + Native.bpJcc(4); // -1 + 1
        }
        return sum; // 5 + (1 + 3 + 5 + 7 + 9) = 30
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.release(); // loads the test library
        setup();
        long[] other = new long[1];
        Thread t = new Thread(() -> other[0] = work(), "second");
        t.start();
        long mine = work();
        t.join();
        System.out.println("results " + mine + " " + other[0] + ", counter " + Native.bpRipRel());
        report();
        clear();
        System.out.println("after clearing: " + work());
        report();
    }
}
