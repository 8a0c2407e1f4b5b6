// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void breakInLevel3();
    static native void methodEvents(boolean on);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Native.release(); // loads the test library
        System.out.println("load(16) returned " + Native.load(16));
        Native.raise(3); // SIGQUIT
        System.out.println("still alive after SIGQUIT");
        breakInLevel3();
        System.out.println("down(0) returned " + Native.down(0));
        methodEvents(true);
        System.out.println("bpJcc(5) returned " + Native.bpJcc(5));
        methodEvents(false);
        System.out.println("bpJcc(-5) returned " + Native.bpJcc(-5));
    }
}
