// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Redefinitions from three threads at once (two of them redefining the same class, one
// another class) while other threads call both classes' methods, collect the heap, and
// define classes in fresh loaders that then die (class loading and unloading meet the
// redefinitions' stopped worlds). Every redefinition succeeds, no call fails or sees a
// third version, no update under the class monitor is lost.
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

public class RedefineConcurrent {
    static native int redefine(Class<?> c, byte[] bytes);

    static final AtomicBoolean stop = new AtomicBoolean();
    static final AtomicLong incsA = new AtomicLong(), incsB = new AtomicLong(), bad = new AtomicLong(),
                            failedRedefinitions = new AtomicLong(), loads = new AtomicLong();
    static final List<Throwable> failures = new ArrayList<>();

    static Thread start(String name, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                synchronized (failures) {
                    failures.add(e);
                }
            }
        }, name);
        t.start();
        return t;
    }

    static Runnable redefiner(Class<?> c, byte[] v1, byte[] v2, int n) {
        return () -> {
            long seen = loads.get();
            for (int i = 0; i < n; i++) {
                if (redefine(c, i % 2 == 0 ? v2 : v1) != 0) failedRedefinitions.incrementAndGet();
                // Every 100 redefinitions, wait (up to 20 s) for a class load, so loading
                // meets redefinitions however the threads are scheduled.
                if (i % 100 == 99) seen = awaitLoadAfter(seen);
            }
        };
    }

    static long awaitLoadAfter(long seen) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        long now;
        while ((now = loads.get()) == seen && System.nanoTime() < deadline) Thread.yield();
        return now;
    }

    static Runnable loop(Runnable body) {
        return () -> {
            while (!stop.get()) body.run();
        };
    }

    static final class Fresh extends ClassLoader {
        final byte[] b;

        Fresh(byte[] b) {
            super(null);
            this.b = b;
        }

        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.equals("Loaded")) throw new ClassNotFoundException(name);
            return defineClass(name, b, 0, b.length);
        }
    }

    public static void main(String[] args) throws Exception {
        byte[] a1 = Redef.bytesOf(CcA.class), a2 = Redef.versionOf("CcA", "v2");
        byte[] b1 = Redef.bytesOf(CcB.class), b2 = Redef.versionOf("CcB", "v2");
        byte[] loaded = Redef.bytesOf(Loaded.class);
        List<Thread> workers = new ArrayList<>();
        workers.add(start("callerA", loop(() -> {
            int v = CcA.version();
            if (v != 1 && v != 2) bad.incrementAndGet();
            CcA.inc();
            incsA.incrementAndGet();
        })));
        workers.add(start("callerB", loop(() -> {
            int v = CcB.version();
            if (v != 1 && v != 2) bad.incrementAndGet();
            CcB.inc();
            incsB.incrementAndGet();
        })));
        workers.add(start("collector", loop(() -> {
            System.gc();
            Thread.yield();
        })));
        workers.add(start("loader", loop(() -> {
            try {
                Object o = new Fresh(loaded).loadClass("Loaded").getDeclaredConstructor().newInstance();
                if ((Integer) o.getClass().getMethod("get").invoke(o) != 5) bad.incrementAndGet();
                loads.incrementAndGet();
            } catch (ReflectiveOperationException e) {
                throw new RuntimeException(e);
            }
        })));
        // 300 + 300 redefinitions of CcA (even counts: each thread ends on version 1)
        // and 300 of CcB, at once.
        long loadsBefore = loads.get();
        Thread r1 = start("redefinerA1", redefiner(CcA.class, a1, a2, 300));
        Thread r2 = start("redefinerA2", redefiner(CcA.class, a1, a2, 300));
        Thread r3 = start("redefinerB", redefiner(CcB.class, b1, b2, 300));
        r1.join();
        r2.join();
        r3.join();
        long loadsDuring = loads.get() - loadsBefore;
        stop.set(true);
        for (Thread t : workers) t.join();
        System.out.println("failed redefinitions: " + failedRedefinitions.get());
        System.out.println("failures in the threads: " + failures);
        System.out.println("answers of neither version: " + bad.get());
        System.out.println("no update lost: " + (CcA.counter == incsA.get()) + " " + (CcB.counter == incsB.get()));
        System.out.println("classes loaded meanwhile: " + (loadsDuring > 0));
        System.out.println("versions now: " + CcA.version() + " " + CcB.version());
    }
}
