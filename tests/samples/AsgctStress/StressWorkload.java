// The workload of the AsyncGetCallTrace stress test (see stress.c): for the given number
// of seconds, threads that allocate (and so collect), throw and catch exceptions, load
// classes in fresh class loaders (kept until the end, then dropped and unloaded), call
// native code that calls back into Java, contend for a monitor, use lambdas and string
// concatenation (hidden classes, method handles), and start and end short-lived threads.
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntUnaryOperator;

public class StressWorkload {
    static native void checkpoint();
    static native int viaJni(int n);

    static volatile boolean stop;
    static final AtomicLong ops = new AtomicLong();
    static final Object lock = new Object();
    static final List<ClassLoader> loaders = new ArrayList<>();
    static byte[] loadedBytes;

    static int jniCallback(int n) { return n <= 0 ? 0 : 1 + viaJni(n - 1); }

    static int deep(int n) {
        if (n == 0) throw new IllegalStateException("bottom");
        return deep(n - 1) + 1;
    }

    static final class OneClassLoader extends ClassLoader {
        OneClassLoader() { super(StressWorkload.class.getClassLoader()); }
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals("Loaded")) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) c = defineClass(name, loadedBytes, 0, loadedBytes.length);
                return c;
            }
        }
    }

    interface Body { void run() throws Exception; }

    static Thread worker(String name, Body body) {
        Thread t = new Thread(() -> {
            try {
                while (!stop) { body.run(); ops.incrementAndGet(); }
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, name);
        t.start();
        return t;
    }

    public static void main(String[] args) throws Exception {
        long seconds = Long.parseLong(args[0]);
        try (InputStream in = StressWorkload.class.getResourceAsStream("/Loaded.class")) {
            loadedBytes = in.readAllBytes();
        }
        List<Thread> threads = new ArrayList<>();
        threads.add(worker("allocator", () -> {
            List<int[]> keep = new ArrayList<>();
            for (int i = 0; i < 2000; i++) keep.add(new int[i % 200]);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < 200; i++) sb.append(i).append(',');
            if (sb.length() == 0 || keep.isEmpty()) throw new AssertionError();
        }));
        threads.add(worker("thrower", () -> {
            try {
                deep(40);
            } catch (IllegalStateException e) {
                if (e.getStackTrace().length == 0) throw new AssertionError();
            }
        }));
        threads.add(worker("loader", () -> {
            ClassLoader l = new OneClassLoader();
            Class<?> c = Class.forName("Loaded", true, l);
            c.getMethod("work", int.class).invoke(null, 3000);
            synchronized (loaders) { loaders.add(l); }
        }));
        threads.add(worker("jni", () -> {
            if (viaJni(20) != 20) throw new AssertionError();
        }));
        for (int k = 0; k < 2; k++) {
            threads.add(worker("contender-" + k, () -> {
                synchronized (lock) {
                    long x = 0;
                    for (int i = 0; i < 20000; i++) x += i;
                    if (x < 0) throw new AssertionError();
                }
            }));
        }
        threads.add(worker("lambdas", () -> {
            IntUnaryOperator f = x -> x * 3;
            String s = "";
            for (int i = 0; i < 50; i++) s = s + f.applyAsInt(i);
            if (s.isEmpty()) throw new AssertionError();
        }));
        threads.add(worker("spawner", () -> {
            Thread t = new Thread(() -> { long x = 0; for (int i = 0; i < 100_000; i++) x += i; }, "short-lived");
            t.start();
            t.join();
            Thread.sleep(2);
        }));
        threads.add(worker("sleeper", () -> Thread.sleep(1)));
        Thread.sleep(seconds * 1000);
        stop = true;
        for (Thread t : threads) t.join();
        checkpoint();
        int nloaders;
        synchronized (loaders) { nloaders = loaders.size(); loaders.clear(); }
        for (int i = 0; i < 5; i++) System.gc();
        System.out.println("loaders: " + nloaders);
        System.out.println("ops: " + (ops.get() > 0 ? "some" : "none"));
    }
}
