// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetLocal<Type>/SetLocal<Type>/GetLocalInstance on the current thread (compiled with -g:
// every method has a LocalVariableTable). Natives called from Java look at their callers'
// frames (depth 1, 2, across a JNI upcall); the Java code prints what Set* changed once
// the native has returned. Slot numbers in agent.c follow the declarations below.
public class GetSetLocal {
    static native void readLocals();
    static native void writeLocals();
    static native void deep();
    static native void viaJni();
    static native void errors(Thread notStarted, Object notThread, Thread waiter);
    native void self();

    static final Object lock = new Object();
    static boolean waiting;

    // slots: i 0, j 1-2, f 3, d 4-5, z 6, c 7, s 8, b 9, o 10, str 11, arr 12
    static void prims(int i, long j, float f, double d, boolean z, char c, short s, byte b,
                      Object o, String str, int[] arr) {
        readLocals();
    }

    // slots: i 0, j 1-2, f 3, d 4-5, z 6, o 7, s 8, arr 9, n 10
    static void setter() {
        int i = 1;
        long j = 2;
        float f = 3;
        double d = 4;
        boolean z = false;
        Object o = "before";
        String s = "s";
        int[] arr = null;
        Object n = "notnull";
        writeLocals();
        System.gc(); // the objects stored are referenced only by these locals now
        System.out.println("after set: " + i + " " + j + " " + f + " " + d + " " + z + " " + o + " " + s + " "
                + (arr == null ? "null" : "int[" + arr.length + "]") + " " + n);
    }

    // outer: x 0, y 1-2; middle: m 0
    static void outer() {
        int x = 42;
        long y = 7;
        middle();
        System.out.println("outer after: " + x + " " + y);
    }

    static void middle() {
        String m = "mid";
        deep();
    }

    // caller: k 0; viaJni (native) calls back into upcall() through JNI
    static void caller() {
        int k = 99;
        viaJni();
        System.out.println("caller after: " + k);
    }

    static void upcall() {
        double u = 1.5;
        deep2();
    }

    static native void deep2();

    // this 0, a 1
    void instance(int a) {
        self();
    }

    static void worker() throws InterruptedException {
        int marker = 7;
        synchronized (lock) {
            waiting = true;
            lock.notifyAll();
            while (waiting) lock.wait();
        }
        System.out.println("worker marker " + marker);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        prims(-3, 1L << 40, 1.25f, -2.5, true, 'x', (short) -7, (byte) 100, Integer.valueOf(5), "str", new int[3]);
        setter();
        outer();
        caller();
        new GetSetLocal().instance(11);

        Thread w = new Thread(() -> {
            try {
                worker();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        });
        w.start();
        synchronized (lock) {
            while (!waiting) lock.wait();
        }
        errors(new Thread(), "not a thread", w);
        synchronized (lock) {
            waiting = false;
            lock.notifyAll();
        }
        w.join();
        System.out.println("done");
    }
}
