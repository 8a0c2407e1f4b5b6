// Stack traces: the StackTraceElement fields the VM fills (class, method, file, line, native
// frames, module name and version, class loader name), which frames are left out
// (fillInStackTrace and the throwable's own constructors), the depth limit, causes and
// suppressed exceptions in printStackTrace, frames through reflection, static initializers
// and native methods, and the stacks of other threads (Thread.getStackTrace,
// Thread.getAllStackTraces, which build elements without computeFormat and so show module
// versions and "app//").
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

public class StackTraces {
    static void show(StackTraceElement e) {
        System.out.println("  " + e + " | class=" + e.getClassName() + " method=" + e.getMethodName()
            + " file=" + e.getFileName() + " line=" + e.getLineNumber() + " native=" + e.isNativeMethod()
            + " module=" + e.getModuleName() + " version=" + e.getModuleVersion()
            + " loader=" + e.getClassLoaderName());
    }

    static void showAll(String title, Throwable t) {
        StackTraceElement[] st = t.getStackTrace();
        System.out.println(title + ": " + t + " depth=" + st.length);
        for (StackTraceElement e : st) show(e);
    }

    static void recurse(int n) {
        if (n == 0) throw new IllegalStateException("bottom");
        recurse(n - 1);
    }

    static int deep(int n) {
        if (n == 0) return new Throwable().getStackTrace().length;
        return deep(n - 1) + 0;
    }

    static class MyException extends Exception {
        MyException(String m) { super(m); }
        MyException() { this("default"); }
    }

    static class Builder {
        final Throwable made;
        Builder() { made = new RuntimeException("in constructor"); }
    }

    static class BadInit {
        static int value = compute();
        static int compute() { throw new ArithmeticException("static init"); }
    }

    static class Resource implements AutoCloseable {
        final String name;
        Resource(String name) { this.name = name; }
        public void close() throws Exception { throw new IllegalStateException("close " + name); }
    }

    public static void thrower(int x) {
        throw new UnsupportedOperationException("thrower " + x);
    }

    static void level3() throws MyException { throw new MyException("level3"); }
    static void level2() throws MyException { level3(); }
    static void level1() {
        try {
            level2();
        } catch (MyException e) {
            throw new RuntimeException("level1 wrapper", e);
        }
    }

    static class NoTrace extends Exception {
        NoTrace() { super("no trace", null, false, false); }
    }

    static class Waiter extends Thread {
        final Object lock = new Object();
        boolean ready, done;
        Waiter() { super("waiter"); setDaemon(true); }
        public void run() {
            synchronized (lock) {
                ready = true;
                lock.notifyAll();
                while (!done) {
                    try { lock.wait(); } catch (InterruptedException e) { return; }
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        try {
            recurse(3);
        } catch (IllegalStateException e) {
            showAll("recurse", e);
        }

        try {
            Integer.parseInt("x1");
        } catch (NumberFormatException e) {
            showAll("jdk frames", e);
        }

        showAll("own constructors skipped", new MyException());
        showAll("other constructor kept", new Builder().made);

        try {
            System.out.println(BadInit.value);
        } catch (ExceptionInInitializerError e) {
            showAll("initializer", e);
            showAll("initializer cause", e.getCause());
        }

        try {
            Thread.sleep(-1);
        } catch (IllegalArgumentException e) {
            showAll("native frame", e);
        }
        try {
            new Object().wait(-5);
        } catch (IllegalArgumentException e) {
            showAll("native wait", e);
        }

        Method m = StackTraces.class.getMethod("thrower", int.class);
        try {
            m.invoke(null, 7);
        } catch (InvocationTargetException e) {
            showAll("reflection", e.getCause());
        }

        System.out.println("printStackTrace with cause:");
        try {
            level1();
        } catch (RuntimeException e) {
            e.printStackTrace(System.out);
        }

        System.out.println("printStackTrace with suppressed:");
        try (Resource a = new Resource("a"); Resource b = new Resource("b")) {
            throw new IllegalArgumentException("body");
        } catch (Exception e) {
            e.printStackTrace(System.out);
        }

        NoTrace nt = new NoTrace();
        System.out.println("not writable: " + nt.getStackTrace().length);
        nt.setStackTrace(new StackTraceElement[] { new StackTraceElement("A", "b", "C.java", 4) });
        System.out.println("after set: " + nt.getStackTrace().length);

        Throwable refilled = new Throwable("refill");
        int before = refilled.getStackTrace().length;
        refilled.fillInStackTrace();
        System.out.println("refill same depth: " + (before == refilled.getStackTrace().length));

        System.out.println("depth 50: " + deep(50));
        System.out.println("depth 3000 (limited): " + deep(3000));

        StackTraceElement[] self = Thread.currentThread().getStackTrace();
        System.out.println("current thread:");
        for (StackTraceElement e : self) show(e);

        Waiter w = new Waiter();
        synchronized (w.lock) {
            w.start();
            while (!w.ready) w.lock.wait();
        }
        while (w.getState() != Thread.State.WAITING) Thread.sleep(1);
        System.out.println("waiting thread:");
        for (StackTraceElement e : w.getStackTrace()) show(e);

        Map<Thread, StackTraceElement[]> all = Thread.getAllStackTraces();
        List<String> names = new ArrayList<>();
        for (Thread t : all.keySet()) {
            if (t == Thread.currentThread() || t == w) names.add(t.getName() + " frames=" + all.get(t).length);
        }
        Collections.sort(names);
        System.out.println("all threads: " + names);
        StackTraceElement[] mine = all.get(Thread.currentThread());
        for (int i = 0; i < 3; i++) System.out.println("  " + mine[i]);
        System.out.println("contains main: " + all.containsKey(Thread.currentThread()));

        synchronized (w.lock) {
            w.done = true;
            w.lock.notifyAll();
        }
        w.join();
        System.out.println("dead thread trace: " + w.getStackTrace().length);
        Thread unstarted = new Thread("unstarted");
        System.out.println("unstarted thread trace: " + unstarted.getStackTrace().length);
    }
}
