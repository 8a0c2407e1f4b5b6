// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI MethodEntry/MethodExit and FramePop (see agent.c).
public class MethodEntryExit {
    static native void enable(boolean on);
    static native int nativeAdd(int a, int b);
    static native void notifyPop(int depth);

    static int answer() { return 42; }
    static long big(long x) { return x * 1_000_000_007L; }
    static double half(double d) { return d / 2; }
    static String greet(String who) { return "hello " + who; }
    static boolean yes() { return true; }
    static char letter() { return 'q'; }
    static void nothing() { }
    static synchronized int locked(int x) { return x + 1; }
    static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
    static void thrower() { throw new IllegalStateException("boom"); }
    static void catcher() {
        try { thrower(); } catch (IllegalStateException e) { System.out.println("caught " + e.getMessage()); }
    }
    static int popped(int x) {
        notifyPop(0);           // this frame
        return x * 3;
    }
    static void poppedByException() {
        notifyPop(0);
        thrower();
    }
    static int outer() {
        notifyPop(0);
        return inner() + 1;
    }
    static int inner() {
        notifyPop(1);           // the caller's frame (outer): DUPLICATE
        return 5;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        enable(true);
        answer();
        big(3);
        half(5.0);
        greet("world");
        yes();
        letter();
        nothing();
        locked(1);
        fact(3);
        catcher();
        nativeAdd(2, 3);
        popped(7);
        try { poppedByException(); } catch (IllegalStateException e) { System.out.println("propagated"); }
        outer();
        Thread other = new Thread(() -> answer(), "other");
        other.start();
        other.join();
        enable(false);
        answer();
        System.out.println("done");
    }
}
