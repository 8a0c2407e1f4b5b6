// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void poke();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Native.release(); // loads the test library
        poke();
        System.out.println("Java sees 0x" + Long.toHexString(Native.watched()));
        System.out.println("still alive");
    }
}
