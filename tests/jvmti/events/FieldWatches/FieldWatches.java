// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI field watches: FieldAccess and FieldModification (see agent.c).
public class FieldWatches {
    static native void setup(Class<?> lazy);
    static native void jniAccess(FieldWatches o);
    static native void breakAt(int line);
    static native void clearSome();
    static native void report();

    boolean z;
    byte b;
    char c;
    short s;
    int i;
    long j;
    float f;
    double d;
    String str;
    int[] arr;
    static int counter;
    static String name;
    int unwatched;

    static class Lazy {
        static int x = 5;
        static {
            System.out.println("Lazy initialized");
        }
    }

    int sum() {
        return i + (int) j + unwatched;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Lazy.class.getDeclaredFields(); // links (prepares) Lazy without initializing it
        setup(Lazy.class);
        FieldWatches o = new FieldWatches();
        o.z = true;
        o.b = -3;
        o.c = 'q';
        o.s = -300;
        o.i = 42;
        o.j = 1L << 40;
        o.f = 1.5f;
        o.d = -2.25;
        o.str = "hello";
        o.arr = new int[] {1, 2};
        o.unwatched = 7;
        counter++;
        name = "static";
        System.out.println("sum " + o.sum());
        System.out.println("read " + o.z + " " + o.b + " " + o.c + " " + o.s + " " + o.f + " " + o.d + " " + o.str
                + " " + o.arr.length + " " + name);
        System.out.println("lazy " + Lazy.x);
        jniAccess(o);
        FieldWatches nul = null;
        try {
            System.out.println(nul.i);
        } catch (NullPointerException e) {
            System.out.println("NPE reading a null object's field");
        }
        try {
            nul.i = 1;
        } catch (NullPointerException e) {
            System.out.println("NPE writing a null object's field");
        }
        breakAt(0);
        int v = o.i; // the breakpoint's line
        System.out.println("v " + v);
        Thread t = new Thread(() -> {
            o.i = 99;
            counter += 2;
        }, "worker");
        t.start();
        t.join();
        clearSome();
        o.i = 1;
        o.j = 2;
        System.out.println("after clearing " + o.i + " " + o.j + " " + counter);
        report();
    }
}
