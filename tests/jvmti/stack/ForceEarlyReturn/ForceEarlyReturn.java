// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI ForceEarlyReturn* (see agent.c).
public class ForceEarlyReturn {
    static native void setup();
    static native void errors(Thread running, Thread unstarted, Thread agent);
    static native int fromNative();
    static native String suspendAndReturn(Thread t);

    static boolean voidRanToEnd;
    static volatile boolean spinning, stop;
    static long spinResult;

    static int intM() {
        int x = 1;
        return x; // breakpoint: forced to return 77
    }

    static long longM() {
        long x = 1;
        return x;
    }

    static float floatM() {
        float x = 1;
        return x;
    }

    static double doubleM() {
        double x = 1;
        return x;
    }

    static boolean boolM() {
        boolean x = false;
        return x;
    }

    static String objM() {
        String s = "original";
        return s;
    }

    static Object nullM() {
        Object o = new Object();
        return o;
    }

    static void voidM() {
        int x = 1;
        voidRanToEnd = x == 1;
    }

    static synchronized int syncM() {
        int x = 1;
        return x;
    }

    static long spinLong() {
        spinning = true;
        long n = 0;
        while (!stop) n++;
        return -1;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        setup();
        System.out.println("intM " + intM());
        System.out.println("longM " + longM());
        System.out.println("floatM " + floatM());
        System.out.println("doubleM " + doubleM());
        System.out.println("boolM " + boolM());
        System.out.println("objM " + objM());
        System.out.println("nullM " + nullM());
        voidM();
        System.out.println("voidM ran to its end: " + voidRanToEnd);
        System.out.println("syncM " + syncM() + ", class lock held after: " + Thread.holdsLock(ForceEarlyReturn.class));
        System.out.println("fromNative " + fromNative());

        Thread spinner = new Thread(() -> spinResult = spinLong(), "spinner");
        spinner.start();
        while (!spinning) Thread.sleep(1);
        Thread.sleep(20);
        errors(spinner, new Thread("unstarted"), new Thread("agent"));
        System.out.println("suspendAndReturn: " + suspendAndReturn(spinner));
        spinner.join(); // ends only through the forced return
        System.out.println("spinLong returned " + spinResult);
    }
}
