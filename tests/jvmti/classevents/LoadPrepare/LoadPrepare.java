// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassLoad and ClassPrepare: sent once per class, load before prepare, supertypes
// before subtypes, on the thread that loads the class; at ClassLoad the class is neither
// verified nor prepared (status 0), at ClassPrepare it is both and not initialized;
// ClassPrepare comes when the class is linked (before initialization, or when reflection
// links it), not for a class that is only loaded; never for array classes; sent for
// hidden classes; and per-thread enabling reports only the chosen thread's classes.
import java.lang.invoke.MethodHandles;
import java.util.concurrent.CountDownLatch;

public class LoadPrepare {
    static native void enableGlobal(boolean on);
    static native void enableFor(Thread t, boolean on);
    static native void report(String name);
    static native void reportHidden();

    public static void main(String[] args) throws Throwable {
        System.load(System.getProperty("test.agent"));
        enableGlobal(true);
        Class.forName("Impl", true, LoadPrepare.class.getClassLoader());
        report("Base");
        report("Iface");
        report("Impl");

        Thread t = new Thread(() -> new Solo().touch(), "loader-thread");
        t.start();
        t.join();
        report("Solo");

        Object[] arr = new Elem[3];
        System.out.println("array length " + arr.length);
        report("Elem");

        Class<?> only = Class.forName("OnlyLoaded", false, LoadPrepare.class.getClassLoader());
        report("OnlyLoaded");
        System.out.println("OnlyLoaded declares " + only.getDeclaredFields().length + " field(s)");
        report("OnlyLoaded");

        byte[] b;
        try (var in = LoadPrepare.class.getResourceAsStream("HiddenK.class")) {
            b = in.readAllBytes();
        }
        Class<?> h = MethodHandles.lookup().defineHiddenClass(b, false).lookupClass();
        System.out.println("hidden class defined: " + h.isHidden());
        reportHidden();
        enableGlobal(false);

        CountDownLatch go = new CountDownLatch(1);
        Thread a = new Thread(() -> { await(go); new OnA().touch(); }, "A");
        Thread c = new Thread(() -> { await(go); new OnB().touch(); }, "B");
        a.start();
        c.start();
        enableFor(a, true);
        go.countDown();
        a.join();
        c.join();
        enableFor(a, false);
        report("OnA");
        report("OnB");
    }

    static void await(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }
}

class Base {
    int baseField;
    void baseMethod() {}
}

interface Iface {
    void m();
}

class Impl extends Base implements Iface {
    static int counter = 1;
    long a, b;
    public void m() {}
    static void s() {}
}

class Solo {
    void touch() {}
}

class Elem {}

class OnlyLoaded {
    static int x = 1;
}

class OnA {
    void touch() {}
}

class OnB {
    void touch() {}
}

class HiddenK {
    int x;
    void y() {}
}
