// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI breakpoints on instructions of several kinds (see agent.c).
public class BreakpointSites {
    static native void setup();
    static native void breakAtCallInOuter();
    static native void clearFirst();
    static native void clearSecond();

    int value = 5;
    static long total;

    // Never run before its breakpoints are set: they sit on instructions the interpreter
    // has not rewritten yet (field access, ldc, new, invokes).
    int work(int x) {
        int v = value + x;
        String s = "k" + v;
        Object o = new Object();
        return s.length() + v + (o.hashCode() == 0 ? 1 : 0) * 0;
    }

    static int inner(int k) {
        if (k == 1) breakAtCallInOuter();
        return k * 3;
    }

    static int outer(int k) {
        int r = inner(k);
        return r + 1;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        setup();
        BreakpointSites b = new BreakpointSites();
        for (int i = 0; i < 3; i++) System.out.println("work " + b.work(i));
        // A breakpoint set on the call a caller frame is making: the return lands on it.
        System.out.println("outer " + outer(1));
        System.out.println("outer " + outer(2));
        clearFirst();
        System.out.println("outer " + outer(3));
        clearSecond();
        System.out.println("outer " + outer(4));
    }
}
