// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void watch(int mode);
    static native void unwatch();
    static native void errors();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Native.release(); // loads the test library
        for (int mode : new int[] {1, 0, 2}) {
            watch(mode);
            System.out.println("watchWork " + Native.watchWork());
            unwatch();
        }
        errors();
        System.out.println("unwatched " + Native.watchWork());
    }
}
