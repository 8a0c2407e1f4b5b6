// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void check(Class<?> main, Class<?> nat);
    static native void breakInRipRel();

    static int work() {
        int x = 1;
        x += Native.bpRipRel();
        return x;
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        System.out.println("bpJcc " + Native.bpJcc(1)); // loads the library, binds bpJcc
        check(Main.class, Native.class);
        breakInRipRel();
        System.out.println("work " + work());
    }
}
