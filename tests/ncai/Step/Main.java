// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void phase(int mode);
    static native void errors();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Native.release(); // loads the test library
        for (int mode = 1; mode <= 4; mode++) {
            phase(mode);
            System.out.println("stepAsm returned " + Native.stepAsm());
        }
        errors();
        System.out.println("without stepping: " + Native.stepAsm());
    }
}
