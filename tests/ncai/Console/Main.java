// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void listen(boolean on);
    static native void jio();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        listen(true);
        System.out.println("System.out");
        System.err.println("System.err");
        jio();
        listen(false);
        System.out.println("not reported");
        jio();
        System.out.println("throwNative " + Native.throwNative());
    }
}
