// java.util.concurrent.atomic over Unsafe: AtomicInteger/Long/IntegerArray/LongArray,
// field updaters, LongAdder, compareAndSet semantics, and contended increments from
// several threads (the totals are exact); volatile visibility between threads.
import java.util.concurrent.atomic.*;

public class Atomics {
    volatile int vfield;
    volatile long vlong;
    static final AtomicIntegerFieldUpdater<Atomics> UPD = AtomicIntegerFieldUpdater.newUpdater(Atomics.class, "vfield");
    static final AtomicLongFieldUpdater<Atomics> LUPD = AtomicLongFieldUpdater.newUpdater(Atomics.class, "vlong");
    static volatile boolean stop;
    static volatile long published;

    public static void main(String[] args) throws Exception {
        AtomicInteger ai = new AtomicInteger(5);
        System.out.println(ai.get() + " " + ai.incrementAndGet() + " " + ai.getAndIncrement() + " " + ai.addAndGet(10) + " " + ai.getAndAdd(-3)
            + " " + ai.compareAndSet(14, 100) + " " + ai.compareAndSet(15, 100) + " " + ai.get() + " " + ai.getAndSet(-1) + " " + ai.decrementAndGet()
            + " " + ai.weakCompareAndSetPlain(-2, 7) + " " + ai.intValue() + " " + ai);
        AtomicLong al = new AtomicLong(Long.MAX_VALUE);
        System.out.println(al.incrementAndGet() + " " + al.getAndAdd(5) + " " + al.compareAndSet(Long.MIN_VALUE + 5, 0) + " " + al.get()
            + " " + al.accumulateAndGet(7, new java.util.function.LongBinaryOperator() { public long applyAsLong(long a, long b) { return a * 10 + b; } }));
        AtomicIntegerArray aia = new AtomicIntegerArray(5);
        aia.set(2, 9); aia.incrementAndGet(2); aia.compareAndSet(0, 0, 3);
        System.out.println(aia + " " + aia.length());
        try { aia.get(5); } catch (IndexOutOfBoundsException e) { System.out.println("AtomicIntegerArray bounds: " + e.getMessage()); }
        AtomicLongArray ala = new AtomicLongArray(new long[] { 1, 2, 3 });
        ala.addAndGet(1, 1L << 40);
        System.out.println(ala);
        Atomics a = new Atomics();
        UPD.set(a, 10);
        System.out.println("updater " + UPD.incrementAndGet(a) + " " + UPD.compareAndSet(a, 11, 20) + " " + a.vfield + " " + LUPD.addAndGet(a, 5) + " " + a.vlong);
        try { AtomicIntegerFieldUpdater.newUpdater(Atomics.class, "nope"); }
        catch (RuntimeException e) { System.out.println("bad updater: " + e.getClass().getSimpleName() + " cause " + e.getCause().getClass().getSimpleName()); }

        // Contended counters: exact totals
        final AtomicInteger shared = new AtomicInteger();
        final AtomicLong sharedLong = new AtomicLong();
        final LongAdder adder = new LongAdder();
        final Atomics holder = new Atomics();
        final AtomicIntegerArray slots = new AtomicIntegerArray(4);
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread(new Runnable() {
                public void run() {
                    for (int j = 0; j < 25000; j++) {
                        shared.incrementAndGet();
                        sharedLong.addAndGet(j);
                        adder.increment();
                        UPD.getAndIncrement(holder);
                        slots.incrementAndGet((id + j) & 3);
                        int v;
                        do { v = shared.get(); } while (!shared.compareAndSet(v, v + 1));
                    }
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("contended: " + shared.get() + " " + sharedLong.get() + " " + adder.sum() + " " + holder.vfield + " " + slots);

        // Volatile publication: the reader spins until it sees the writer's value
        final long[] seen = new long[1];
        Thread reader = new Thread(new Runnable() {
            public void run() {
                long v;
                while ((v = published) == 0) Thread.onSpinWait();
                seen[0] = v;
            }
        });
        reader.start();
        published = 0x123456789ABCDEFL;
        reader.join();
        System.out.println("volatile long seen " + Long.toHexString(seen[0]));

        // A stop flag observed by a busy loop
        final long[] iterations = new long[1];
        Thread spinner = new Thread(new Runnable() {
            public void run() { long n = 0; while (!stop) n++; iterations[0] = n; }
        });
        spinner.start();
        Thread.sleep(20);
        stop = true;
        spinner.join();
        System.out.println("spinner stopped " + (iterations[0] >= 0));
        AtomicBoolean ab = new AtomicBoolean();
        System.out.println("AtomicBoolean " + ab.compareAndSet(false, true) + " " + ab.get() + " " + ab.getAndSet(false) + " " + ab);
        AtomicReference<String> ar = new AtomicReference<>("x");
        System.out.println("AtomicReference " + ar.compareAndSet("x", "y") + " " + ar.get() + " " + ar.getAndSet("z") + " " + ar);
    }
}
