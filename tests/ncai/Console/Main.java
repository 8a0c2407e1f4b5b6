// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void jio(boolean listen);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        jio(true);
        jio(false);
        System.out.println("throwNative " + Native.throwNative());
    }
}
