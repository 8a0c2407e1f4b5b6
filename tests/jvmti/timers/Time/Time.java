// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetTime against System.nanoTime, GetAvailableProcessors against
// Runtime.availableProcessors.
public class Time {
    static native long time();
    static native int processors();
    static native void fromOtherThread() throws Exception;

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        boolean ordered = true;
        for (int i = 0; i < 1000; i++) {
            long a = System.nanoTime();
            long b = time();
            long c = System.nanoTime();
            ordered &= a <= b && b <= c;
        }
        System.out.println("System.nanoTime <= GetTime <= System.nanoTime: " + ordered);
        long t0 = time();
        Thread.sleep(50);
        long t1 = time();
        System.out.println("GetTime advanced by >= 50 ms over sleep(50): " + (t1 - t0 >= 50_000_000L));
        System.out.println("GetAvailableProcessors == Runtime.availableProcessors: "
                           + (processors() == Runtime.getRuntime().availableProcessors()));
        fromOtherThread();
    }
}
