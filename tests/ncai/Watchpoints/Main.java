// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void watch(int mode);
    static native void unwatch();
    static native void errors();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.release(); // loads the test library
        for (int mode : new int[] {1, 0, 2}) {
            watch(mode);
            System.out.println("watchWork " + Native.watchWork());
            long[] r = new long[1];
            Thread t = new Thread(() -> r[0] = Native.watchWork());
            t.start();
            t.join();
            System.out.println("in a new thread " + r[0]);
            Native.watchFromRawThread();
            unwatch();
        }
        errors();
        System.out.println("unwatched " + Native.watchWork());
    }
}
