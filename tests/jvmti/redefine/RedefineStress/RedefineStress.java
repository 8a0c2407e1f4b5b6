// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Redefinition while the program runs: StressTarget is redefined 1000 times, alternately
// to its two versions, while threads call its methods in loops (a static method, a
// synchronized static method that counts, a virtual method through an instance), reflect
// on it and invoke through reflection, and run a long loop of it holding a monitor (so
// frames of old versions keep running, obsolete, across later redefinitions). No call
// may fail, no count may be lost, every answer must be one of the two versions, and the
// class must end as the last redefinition left it. (-Xint: HotSpot's compilers make the
// expectation take about a minute, deoptimizing and recompiling the hot callers after
// every redefinition.)
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

public class RedefineStress {
    static native int redefine(Class<?> c, byte[] bytes);

    static final AtomicBoolean stop = new AtomicBoolean();
    static final AtomicLong incs = new AtomicLong(), bad = new AtomicLong(), calls = new AtomicLong();
    static final List<Throwable> failures = new ArrayList<>();

    static Thread worker(String name, Runnable body) {
        Thread t = new Thread(() -> {
            try {
                while (!stop.get()) body.run();
            } catch (Throwable e) {
                synchronized (failures) {
                    failures.add(e);
                }
            }
        }, name);
        t.start();
        return t;
    }

    public static void main(String[] args) throws Exception {
        byte[] v1 = Redef.bytesOf(StressTarget.class);
        byte[] v2 = Redef.versionOf("StressTarget", "v2");
        StressTarget target = new StressTarget();
        List<Thread> threads = new ArrayList<>();
        for (int k = 0; k < 2; k++)
            threads.add(worker("caller" + k, () -> {
                int v = StressTarget.version();
                if (v != 1 && v != 2) bad.incrementAndGet();
                StressTarget.inc();
                incs.incrementAndGet();
                String s = target.text();
                if (!s.equals("v1") && !s.equals("v2")) bad.incrementAndGet();
                calls.incrementAndGet();
            }));
        threads.add(worker("reflector", () -> {
            try {
                Method m = StressTarget.class.getDeclaredMethod("version");
                int v = (Integer) m.invoke(null);
                if (v != 1 && v != 2) bad.incrementAndGet();
                if (StressTarget.class.getDeclaredMethods().length != 4) bad.incrementAndGet();
            } catch (ReflectiveOperationException e) {
                throw new RuntimeException(e);
            }
        }));
        threads.add(worker("spinner", () -> {
            long s = target.spin(20_000);
            if (s <= 0) bad.incrementAndGet();
        }));

        int n = 1000, errors = 0;
        for (int i = 0; i < n; i++) {
            if (redefine(StressTarget.class, i % 2 == 0 ? v2 : v1) != 0) errors++;
            if (i % 100 == 0) Thread.yield();
        }
        stop.set(true);
        for (Thread t : threads) t.join();
        System.out.println("redefinitions: " + n + ", failed: " + errors);
        System.out.println("failures in the threads: " + failures);
        System.out.println("answers of neither version: " + bad.get());
        System.out.println("no update lost: " + (StressTarget.counter == incs.get()));
        System.out.println("the threads made calls: " + (calls.get() > 0));
        System.out.println("version now: " + StressTarget.version() + ", text now: " + target.text());
    }
}
