// VMOPTIONS: -Xmx16m
// Collections while two threads are deep in recursion whose frames hold objects in every
// kind of stack slot: locals read again after the call below (and locals that are not),
// a value on the operand stack under a call, arguments, monitor slots (a synchronized
// block's, and a synchronized method's whose receiver nothing else holds), locals read
// only by an exception handler, frames under a method handle
// (invokeExact, lambda forms), under reflection (native and C-entry frames) and under an
// invokedynamic lambda. Exceptions thrown near the bottom unwind through several frames
// to handlers that read their frame's locals. Every object is checked after the
// collections; a slot the collector missed shows up as a wrong sum (or, in the ASan
// build, as a use of freed memory).
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.function.LongSupplier;

public class GcDeepStack {
    static final class Box {
        final int v;
        final int[] pad;
        Box(int v) {
            this.v = v;
            pad = new int[(v & 7) + 1];
            pad[pad.length - 1] = v;
        }
        long check() { return pad[pad.length - 1] == v ? v : -1_000_000_000L; }
        /* `this` is never read: while down() runs, only the monitor holds it. */
        synchronized long locked(int depth, Box arg) throws Throwable { return down(depth, arg); }
    }

    static final class Thrown extends RuntimeException {
        final Box payload;
        Thrown(int v) { super("thrown " + v); payload = new Box(v); }
    }

    static final MethodHandle DOWN;
    static final Method REFLECT;
    static {
        try {
            DOWN = MethodHandles.lookup().findStatic(GcDeepStack.class, "down",
                    MethodType.methodType(long.class, int.class, Box.class));
            REFLECT = GcDeepStack.class.getDeclaredMethod("down", int.class, Box.class);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static volatile long sink;

    /* Garbage, so that collections happen at every depth. */
    static void churn(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            Object[] o = new Object[8];
            o[i & 7] = new byte[200 + (i & 255)];
            s += o.length;
        }
        sink += s;
    }

    static long sum(Box b, long below) { return b.check() + below; }

    static long down(int depth, Box arg) throws Throwable {
        Box live = new Box(depth);
        Box dead = new Box(-depth);
        sink += dead.check();
        churn(60);
        long r;
        if (depth == 0) {
            churn(20000);
            r = 1;
        } else {
            switch (depth % 6) {
            case 0: // a box only on the operand stack under the call, a fresh argument
                r = sum(new Box(depth + 4000), down(depth - 1, new Box(depth * 3)));
                break;
            case 1: { // monitors: a synchronized block; a synchronized method's receiver
                Box lock = new Box(depth + 1000);
                synchronized (lock) {
                    r = new Box(depth + 3000).locked(depth - 1, arg);
                    r += lock.check();
                }
                break;
            }
            case 2: { // a local read only by the handler; exceptions from below
                Box handlerOnly = new Box(depth + 2000);
                try {
                    r = down(depth - 1, live);
                    if (depth % 4 == 2) throw new Thrown(depth);
                } catch (Thrown t) {
                    churn(200);
                    r = handlerOnly.check() + t.payload.check() + t.getMessage().length();
                }
                break;
            }
            case 3: // a method handle
                r = (long) DOWN.invokeExact(depth - 1, live);
                break;
            case 4: // reflection: native and C-entry frames between the two Java frames
                try {
                    r = (Long) REFLECT.invoke(null, depth - 1, live);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
                break;
            default: { // a lambda capturing `live`
                LongSupplier s = () -> {
                    try {
                        return down(depth - 1, live) + live.check();
                    } catch (RuntimeException | Error e) {
                        throw e;
                    } catch (Throwable t) {
                        throw new AssertionError(t);
                    }
                };
                r = s.getAsLong();
                break;
            }
            }
        }
        if (depth % 9 == 4) throw new Thrown(depth + 7);
        return r + live.check() + arg.check();
    }

    static long round(int depth) {
        long total = 0;
        for (int i = 0; i < 3; i++) {
            try {
                total += down(depth, new Box(i));
            } catch (Thrown t) {
                total += t.payload.check();
            } catch (Throwable t) {
                throw new AssertionError(t);
            }
        }
        return total;
    }

    public static void main(String[] args) throws Exception {
        long[] results = new long[2];
        Thread other = new Thread(() -> results[1] = round(400));
        other.start();
        results[0] = round(300);
        other.join();
        System.out.println("depth 300: " + results[0]);
        System.out.println("depth 400: " + results[1]);
    }
}
