// Natives the VM provides itself: Object.hashCode/clone/wait/notify/notifyAll/getClass,
// Thread.currentThread, Float/Double raw bit conversions, System.nanoTime/
// currentTimeMillis/identityHashCode, the Class predicates isInstance/isAssignableFrom/
// isInterface/isArray/isPrimitive (exact JNI/JVM_ semantics on primitives, arrays and
// null), and jdk.internal.perf.Perf counters.
// JAVACOPTIONS: --add-exports java.base/jdk.internal.perf=ALL-UNNAMED
// VMOPTIONS: --add-exports java.base/jdk.internal.perf=ALL-UNNAMED
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jdk.internal.perf.Perf;

public class VmNatives {
    static class Point implements Cloneable {
        int x, y;
        int[] shared = {1, 2};
        Point(int x, int y) { this.x = x; this.y = y; }
        public Point clone() {
            try { return (Point) super.clone(); } catch (CloneNotSupportedException e) { throw new AssertionError(e); }
        }
    }
    static class Point3 extends Point { int z = 3; Point3() { super(7, 8); } }
    static class NotCloneable {
        Object tryClone() throws CloneNotSupportedException { return super.clone(); }
    }
    @interface Marker { }
    interface Shape { }

    public static void main(String[] args) throws Exception {
        cloning();
        hashing();
        monitors();
        threads();
        bits();
        time();
        classPredicates();
        perf();
    }

    static void cloning() throws Exception {
        System.out.println("== clone");
        int[] ia = {1, 2, 3};
        int[] ib = ia.clone();
        ib[0] = 9;
        System.out.println("int[] clone independent: " + ia[0] + " " + ib[0] + " " + ib.length + " " + (ia != ib));
        String[][] sa = {{"a"}, {"b"}};
        String[][] sb = sa.clone();
        System.out.println("String[][] clone shallow: " + (sa[0] == sb[0]) + " " + sb.getClass().getName());
        long[] empty = new long[0];
        System.out.println("empty array clone: " + (empty.clone() != empty) + " " + empty.clone().length);
        Point p = new Point(3, 4);
        Point q = p.clone();
        System.out.println("Cloneable: " + q.x + " " + q.y + " " + (q != p) + " " + (q.shared == p.shared)
                + " " + (q.getClass() == Point.class));
        Point3 r = (Point3) new Point3().clone();
        System.out.println("subclass clone: " + r.getClass().getSimpleName() + " " + r.x + " " + r.y + " " + r.z);
        try {
            new NotCloneable().tryClone();
            System.out.println("NotCloneable: no exception");
        } catch (CloneNotSupportedException e) {
            System.out.println("NotCloneable: " + e);
        }
    }

    static void hashing() {
        System.out.println("== identity hash");
        Object o = new Object();
        int h = o.hashCode();
        boolean stable = true;
        for (int i = 0; i < 1000; i++) {
            Object[] garbage = new Object[100];
            stable &= o.hashCode() == h && garbage.length == 100;
        }
        System.gc();
        System.out.println("stable across allocation and GC: " + (stable && o.hashCode() == h));
        System.out.println("hashCode == identityHashCode: " + (h == System.identityHashCode(o)));
        System.out.println("identityHashCode(null): " + System.identityHashCode(null));
        String s = "text";
        System.out.println("identityHashCode ignores overrides: "
                + (System.identityHashCode(s) == System.identityHashCode(s)) + " "
                + (s.hashCode() == "text".hashCode()));
        int distinct = 0;
        java.util.HashSet<Integer> seen = new java.util.HashSet<>();
        for (int i = 0; i < 200; i++) if (seen.add(new Object().hashCode())) distinct++;
        System.out.println("identity hashes mostly distinct: " + (distinct > 150));
    }

    static final Object lock = new Object();
    static int turn;

    static void monitors() throws Exception {
        System.out.println("== wait / notify");
        try {
            new Object().wait(-1);
            System.out.println("wait(-1): no exception");
        } catch (IllegalArgumentException e) {
            System.out.println("wait(-1) without the lock: " + e);
        }
        synchronized (lock) {
            try {
                lock.wait(-5);
            } catch (IllegalArgumentException e) {
                System.out.println("wait(-5): " + e.getMessage());
            }
            long t0 = System.nanoTime();
            lock.wait(20);
            System.out.println("wait(20) returned after >= 10ms: " + (System.nanoTime() - t0 >= 10_000_000L));
            lock.notify();
            lock.notifyAll();
            System.out.println("notify with the lock and no waiters: fine");
        }
        try {
            lock.notify();
        } catch (IllegalMonitorStateException e) {
            System.out.println("notify without the lock: " + e.getClass().getName());
        }
        try {
            lock.notifyAll();
        } catch (IllegalMonitorStateException e) {
            System.out.println("notifyAll without the lock: " + e.getClass().getName());
        }
        try {
            lock.wait();
        } catch (IllegalMonitorStateException e) {
            System.out.println("wait without the lock: " + e.getClass().getName());
        }

        // Ping-pong: two threads alternate strictly through wait/notifyAll.
        final StringBuilder log = new StringBuilder();
        Thread other = new Thread() {
            public void run() {
                for (int i = 0; i < 5; i++) {
                    synchronized (lock) {
                        while (turn != 1) {
                            try { lock.wait(); } catch (InterruptedException e) { return; }
                        }
                        log.append("pong").append(i).append(' ');
                        turn = 0;
                        lock.notifyAll();
                    }
                }
            }
        };
        other.start();
        for (int i = 0; i < 5; i++) {
            synchronized (lock) {
                while (turn != 0) lock.wait();
                log.append("ping").append(i).append(' ');
                turn = 1;
                lock.notifyAll();
            }
        }
        other.join();
        System.out.println(log.toString().trim());

        // An interrupted waiter gets InterruptedException and its flag is cleared.
        final Object gate = new Object();
        final String[] result = new String[1];
        Thread waiter = new Thread() {
            public void run() {
                synchronized (gate) {
                    try {
                        gate.notifyAll();          // tell main we are about to wait
                        gate.wait();
                        result[0] = "woke normally";
                    } catch (InterruptedException e) {
                        result[0] = "InterruptedException, flag now " + Thread.currentThread().isInterrupted();
                    }
                }
            }
        };
        synchronized (gate) {
            waiter.start();
            gate.wait();                            // released by the waiter's notifyAll
        }
        synchronized (gate) {                       // the waiter is inside gate.wait() now
            waiter.interrupt();
        }
        waiter.join();
        System.out.println("interrupted wait: " + result[0]);
        Thread.currentThread().interrupt();
        synchronized (lock) {
            try {
                lock.wait(1000);
                System.out.println("wait with interrupt pending: returned");
            } catch (InterruptedException e) {
                System.out.println("wait with interrupt pending: " + e.getClass().getName() + ", flag "
                        + Thread.currentThread().isInterrupted());
            }
        }
    }

    static void threads() throws Exception {
        System.out.println("== Thread.currentThread");
        System.out.println("main: " + Thread.currentThread().getName() + " " + (Thread.currentThread() == Thread.currentThread()));
        final Thread[] seen = new Thread[1];
        Thread t = new Thread("worker-7") {
            public void run() { seen[0] = Thread.currentThread(); }
        };
        t.start();
        t.join();
        System.out.println("in worker: " + (seen[0] == t) + " " + seen[0].getName());
    }

    static void bits() {
        System.out.println("== Float/Double bits");
        float[] fs = {0f, -0f, 1f, -2.5f, Float.MIN_VALUE, Float.MAX_VALUE, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.NaN, Float.intBitsToFloat(0x7f800001), Float.intBitsToFloat(0xffc12345)};
        StringBuilder sb = new StringBuilder();
        for (float f : fs)
            sb.append(Integer.toHexString(Float.floatToRawIntBits(f))).append('/')
              .append(Integer.toHexString(Float.floatToIntBits(f))).append(' ');
        System.out.println(sb.toString().trim());
        int[] is = {0x7fc00001, 0xff800000, 0x00000001, 0x80000000, 0x3f800000, 0x7fbfffff};
        sb.setLength(0);
        for (int i : is)
            sb.append(Float.intBitsToFloat(i)).append(':')
              .append(Integer.toHexString(Float.floatToRawIntBits(Float.intBitsToFloat(i)))).append(' ');
        System.out.println(sb.toString().trim());
        double[] ds = {0d, -0d, Math.PI, Double.MIN_VALUE, Double.MAX_VALUE, Double.NEGATIVE_INFINITY,
            Double.NaN, Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xfff8dead0000beefL)};
        sb.setLength(0);
        for (double d : ds)
            sb.append(Long.toHexString(Double.doubleToRawLongBits(d))).append('/')
              .append(Long.toHexString(Double.doubleToLongBits(d))).append(' ');
        System.out.println(sb.toString().trim());
        long[] ls = {0x7ff8000000000001L, 0x8000000000000000L, 1L, 0x3ff0000000000000L};
        sb.setLength(0);
        for (long l : ls)
            sb.append(Double.longBitsToDouble(l)).append(':')
              .append(Long.toHexString(Double.doubleToRawLongBits(Double.longBitsToDouble(l)))).append(' ');
        System.out.println(sb.toString().trim());
    }

    static void time() throws Exception {
        System.out.println("== time");
        long prev = System.nanoTime();
        boolean monotonic = true;
        for (int i = 0; i < 10000; i++) {
            long now = System.nanoTime();
            monotonic &= now >= prev;
            prev = now;
        }
        System.out.println("nanoTime monotonic: " + monotonic);
        long ms = System.currentTimeMillis();
        System.out.println("currentTimeMillis after 2020: " + (ms > 1577836800000L));
        long n0 = System.nanoTime(), m0 = System.currentTimeMillis();
        Thread.sleep(50);
        long dn = System.nanoTime() - n0, dm = System.currentTimeMillis() - m0;
        System.out.println("sleep(50) seen by both clocks: " + (dn >= 45_000_000L) + " " + (dm >= 40));
    }

    static void classPredicates() {
        System.out.println("== Class predicates");
        Class<?>[] cs = {Object.class, String.class, int.class, void.class, int[].class, String[][].class,
            Serializable.class, Shape.class, Marker.class, Thread.State.class};
        for (Class<?> c : cs)
            System.out.println(c.getName() + ": interface=" + c.isInterface() + " array=" + c.isArray()
                    + " primitive=" + c.isPrimitive());
        Object[] objs = {null, "s", 1, new int[0], new String[0], new Object[0]};
        Class<?>[] targets = {Object.class, String.class, Integer.class, int.class, Comparable.class,
            Cloneable.class, Serializable.class, int[].class, Object[].class};
        for (Class<?> t : targets) {
            StringBuilder sb = new StringBuilder(t.getSimpleName()).append(".isInstance:");
            for (Object o : objs) sb.append(' ').append(t.isInstance(o));
            System.out.println(sb);
        }
        Class<?>[] subs = {Object.class, String.class, int.class, long.class, Integer.class, int[].class,
            long[].class, String[].class, Object[][].class, Serializable.class};
        for (Class<?> sup : subs) {
            StringBuilder sb = new StringBuilder(sup.getSimpleName()).append(".isAssignableFrom:");
            for (Class<?> sub : subs) sb.append(' ').append(sup.isAssignableFrom(sub) ? 1 : 0);
            System.out.println(sb);
        }
        try {
            Object.class.isAssignableFrom(null);
            System.out.println("isAssignableFrom(null): no exception");
        } catch (NullPointerException e) {
            System.out.println("isAssignableFrom(null): " + e);
        }
        System.out.println("getClass: " + "x".getClass().getName() + " " + new int[1][].getClass().getName()
                + " " + ((Object) 5).getClass().getName() + " " + Thread.State.NEW.getClass().getName());
    }

    static void perf() throws Exception {
        System.out.println("== Perf");
        Perf perf = Perf.getPerf();
        ByteBuffer lb = perf.createLong("glassvm.test.counter", 3, 1, 42L);
        lb.order(ByteOrder.nativeOrder());
        System.out.println("createLong: direct=" + lb.isDirect() + " capacity=" + lb.capacity() + " value=" + lb.getLong(0));
        lb.putLong(0, 1234L);
        System.out.println("written: " + lb.getLong(0));
        ByteBuffer mono = perf.createLong("glassvm.test.monotonic", 2, 4, 0L);
        System.out.println("monotonic counter: " + mono.order(ByteOrder.nativeOrder()).getLong(0));
        String[] bad = {"dup", "units0", "units7", "variability9", "nullname"};
        for (String what : bad) {
            try {
                switch (what) {
                    case "dup": perf.createLong("glassvm.test.counter", 3, 1, 0L); break;
                    case "units0": perf.createLong("glassvm.test.u0", 3, 0, 0L); break;
                    case "units7": perf.createLong("glassvm.test.u7", 3, 7, 0L); break;
                    case "variability9": perf.createLong("glassvm.test.v9", 9, 1, 0L); break;
                    default: perf.createLong(null, 3, 1, 0L); break;
                }
                System.out.println(what + ": no exception");
            } catch (RuntimeException e) {
                System.out.println(what + ": " + e);
            }
        }
        ByteBuffer cs = perf.createString("glassvm.test.string", 1, 5, "abc");
        System.out.println("constant string: capacity=" + cs.capacity() + " bytes=" + cs.get(0) + "," + cs.get(1)
                + "," + cs.get(2) + "," + cs.get(3) + "," + cs.get(4));
        ByteBuffer vs = perf.createString("glassvm.test.vstring", 3, 5, "xy", 10);
        System.out.println("variable string: capacity=" + vs.capacity() + " first=" + (char) vs.get(0) + (char) vs.get(1)
                + " rest zero=" + (vs.get(2) == 0 && vs.get(10) == 0));
        try {
            perf.createString("glassvm.test.string", 1, 5, "again");
            System.out.println("duplicate string: no exception");
        } catch (IllegalArgumentException e) {
            System.out.println("duplicate string: " + e);
        }
        try {
            perf.createByteArray("glassvm.test.bytes", 1, 1, new byte[2], 2);
            System.out.println("byte array with units 1: no exception");
        } catch (IllegalArgumentException e) {
            System.out.println("byte array with units 1: " + e);
        }
        try {
            perf.createByteArray("glassvm.test.bytes2", 2, 5, new byte[2], 2);
            System.out.println("monotonic byte array: no exception");
        } catch (IllegalArgumentException e) {
            System.out.println("monotonic byte array: " + e);
        }
        try {
            perf.createByteArray("glassvm.test.bytes3", 1, 5, null, 2);
            System.out.println("null value: no exception");
        } catch (NullPointerException e) {
            System.out.println("null value: " + e.getClass().getName());
        }
        long c0 = perf.highResCounter();
        Thread.sleep(20);
        long c1 = perf.highResCounter();
        System.out.println("highResFrequency=" + perf.highResFrequency() + " counter positive and advancing: "
                + (c0 > 0 && c1 - c0 >= 15_000_000L));
    }
}
