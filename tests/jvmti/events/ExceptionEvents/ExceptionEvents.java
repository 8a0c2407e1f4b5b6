// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI Exception and ExceptionCatch (see agent.c).
public class ExceptionEvents {
    static native void enable(boolean on);
    static native void throwFromNative();              // ThrowNew(Custom)
    static native void callJava(boolean clear);         // calls thrower(); optionally clears

    static class Custom extends RuntimeException {
        Custom(String m) { super(m); }
    }

    static int[] array = new int[1];
    static Object nothing;
    static int zero;

    static void sameFrame() {
        try {
            throw new Custom("same frame");
        } catch (Custom e) {
            System.out.println("caught " + e.getMessage());
        }
    }

    static void deep2() { throw new Custom("two frames down"); }
    static void deep1() { deep2(); }
    static void twoUp() {
        try {
            deep1();
        } catch (Custom e) {
            System.out.println("caught " + e.getMessage());
        }
    }

    static void vmThrown() {
        try { nothing.hashCode(); } catch (NullPointerException e) { System.out.println("caught NPE"); }
        try { zero = 1 / zero; } catch (ArithmeticException e) { System.out.println("caught ArithmeticException"); }
        try { array[2] = 1; } catch (ArrayIndexOutOfBoundsException e) { System.out.println("caught AIOOBE"); }
    }

    static void nativeThrown() {
        try {
            throwFromNative();
        } catch (Custom e) {
            System.out.println("caught " + e.getMessage());
        }
    }

    static void rethrow() {
        try {
            try {
                throw new Custom("rethrown");
            } catch (Custom e) {
                throw e;
            }
        } catch (Custom e) {
            System.out.println("caught " + e.getMessage() + " again");
        }
    }

    static void viaFinally() {
        try {
            try {
                throw new Custom("through finally");
            } finally {
                System.out.println("finally ran");
            }
        } catch (Custom e) {
            System.out.println("caught " + e.getMessage());
        }
    }

    static void thrower() { throw new Custom("from Java called by native"); }

    static void throughNative() {
        try {
            callJava(false);
        } catch (Custom e) {
            System.out.println("caught " + e.getMessage());
        }
        callJava(true);
        System.out.println("native cleared it");
    }

    static void uncaughtInThread() throws InterruptedException {
        Thread t = new Thread(() -> { throw new Custom("uncaught"); }, "dies");
        t.setUncaughtExceptionHandler((th, e) -> System.out.println("handler got " + e.getMessage()));
        t.start();
        t.join();
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        enable(true);
        sameFrame();
        twoUp();
        vmThrown();
        nativeThrown();
        rethrow();
        viaFinally();
        throughNative();
        uncaughtInThread();
        enable(false);
        sameFrame();
    }
}
