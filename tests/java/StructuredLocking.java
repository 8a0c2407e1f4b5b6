// Structured locking (JVMS 2.11.10) as HotSpot's interpreter enforces it: a method that
// returns while still holding a monitor it entered with monitorenter gets an
// IllegalMonitorStateException at the return, and the monitor is released; an exception
// unwinding such a frame releases the monitor and is replaced (unless it is a ThreadDeath)
// by an IllegalMonitorStateException made without a constructor call; monitorexit
// of a monitor the frame did not enter throws it too, even when a caller holds the
// monitor; a synchronized method whose own monitor was released by monitorexit throws it
// on return. Balanced code (nested, out of order, in loops, with values on the operand
// stack, with in-frame handlers) keeps working. javac never emits unbalanced monitors, so
// the classes are written by hand (ClassBuilder) and defined through a fresh loader.
import java.util.ArrayList;
import java.util.List;

public class StructuredLocking implements Op {
    static final int PUBLIC = 1, STATIC = 8, SYNCHRONIZED = 0x20;
    static final String OBJ = "java/lang/Object", BODY = "LockBody", SELF = "StructuredLocking";
    static final String RUN = "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;";
    static final String IMSE = "java/lang/IllegalMonitorStateException";

    static class ByteLoader extends ClassLoader {
        ByteLoader() { super(StructuredLocking.class.getClassLoader()); }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    interface Gen { void gen(ClassBuilder cb, ClassBuilder.Code c); }

    /** A class `name` implementing LockBody; run has extra access flags runAccess and the
     *  code that gen writes (locals: 0 this, 1 a, 2 b, 3.. scratch). */
    static LockBody make(String name, int runAccess, int maxStack, int maxLocals, Gen gen) {
        ClassBuilder cb = new ClassBuilder(49, name, OBJ);
        cb.iface(BODY);
        cb.defaultInit(OBJ);
        ClassBuilder.Code c = new ClassBuilder.Code(maxStack, maxLocals);
        gen.gen(cb, c);
        cb.method(PUBLIC | runAccess, "run", RUN, c);
        try {
            return (LockBody) new ByteLoader().define(name, cb.bytes()).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }

    // ---- called from the generated code ----
    static final List<String> seen = new ArrayList<>();
    /** Records an exception a generated handler caught. */
    public static void seen(Object e) { seen.add(describe(e)); }
    /** Throws its argument. */
    public static void thrower(Object e) throws Throwable { throw (Throwable) e; }
    /** Runs the collector. */
    public static void collect() {
        for (int i = 0; i < 3; i++) {
            Object[] garbage = new Object[1000];
            for (int k = 0; k < garbage.length; k++) garbage[k] = new int[16];
            System.gc();
        }
    }
    static java.lang.ref.WeakReference<Object> weakObject() { return new java.lang.ref.WeakReference<>(new Object()); }

    /** Records and returns whether the current thread holds o's monitor. */
    public static boolean holds(Object o) {
        boolean h = Thread.holdsLock(o);
        seen.add("holdsLock " + h);
        return h;
    }

    /** The exception, its stack trace down to the test's own frames, and its cause. */
    static String describe(Object o) {
        if (!(o instanceof Throwable)) return String.valueOf(o);
        Throwable e = (Throwable) o;
        StringBuilder sb = new StringBuilder(e.toString()).append(" [trace");
        for (StackTraceElement f : e.getStackTrace()) {
            sb.append(' ').append(f.getClassName()).append('.').append(f.getMethodName());
            if (f.getClassName().equals(SELF)) break;
        }
        if (e.getStackTrace().length == 0) sb.append(" empty");
        return sb.append(", cause ").append(e.getCause()).append("]").toString();
    }

    /** Whether e's constructor ran: a Throwable made without it has a null cause field
     *  instead of itself, and initCause then refuses. Changes e. */
    static String constructed(Throwable e) {
        try {
            e.initCause(null);
            return "constructed";
        } catch (IllegalStateException x) {
            return "not constructed";
        } catch (IllegalArgumentException x) {
            return "self-caused?";
        }
    }

    /** Whether another thread can enter each monitor (proves it was really released). */
    static String freeForOthers(Object... locks) {
        final boolean[] got = new boolean[locks.length];
        Thread t = new Thread(() -> {
            for (int i = 0; i < locks.length; i++) synchronized (locks[i]) { got[i] = true; }
        });
        t.setDaemon(true);
        t.start();
        try { t.join(10000); } catch (InterruptedException e) { throw new RuntimeException(e); }
        StringBuilder sb = new StringBuilder();
        synchronized (got) { for (boolean g : got) sb.append(g ? 'y' : 'n'); }
        return sb.toString();
    }

    static void check(String what, LockBody body, Object a, Object b, boolean others) {
        System.out.println("== " + what);
        seen.clear();
        String r;
        try {
            Object v = body.run(a, b);
            r = "returned " + (v == a ? "a" : v == b ? "b" : describe(v));
            if (v instanceof Throwable && v != b) r += " " + constructed((Throwable) v);
        } catch (Throwable e) {
            r = "threw " + describe(e);
            if (e != b) r += " " + constructed(e);
        }
        System.out.println("  " + r);
        for (String s : seen) System.out.println("  handler saw " + s);
        System.out.println("  held by me: a=" + Thread.holdsLock(a) + " b=" + Thread.holdsLock(b) + " this=" + Thread.holdsLock(body));
        if (others) System.out.println("  free for others: " + freeForOthers(a, b, body));
    }
    static void check(String what, LockBody body) { check(what, body, new Object(), new Object(), true); }

    public static void main(String[] args) throws Exception {
        unbalanced();
        unwinding();
        synchronizedMethods();
        balanced();
        callerHolds();
        threads();
    }

    // ---------------------------------------------------------------------------------
    static void unbalanced() {
        check("return holding a monitor", make("ReturnHeld", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2, ARETURN)));
        check("return holding a monitor, void", make("ReturnHeldVoid", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ACONST_NULL, ARETURN)));
        // The exception is thrown at the return, inside the frame: a handler covering the
        // return catches it while the monitor is still held.
        check("return holding a monitor, IMSE caught in the frame", make("ReturnHeldCaught", 0, 2, 4, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER).label("ret").op(ALOAD_2, ARETURN).label("end")
                .label("h").op(ASTORE_3, ALOAD_1).op(INVOKESTATIC).u2(cb.method(SELF, "holds", "(Ljava/lang/Object;)Z"))
                .op(POP, ALOAD_1, MONITOREXIT, ALOAD_3, ARETURN)
                .handler("ret", "end", "h", cb.cls(IMSE))));
        check("return holding two monitors", make("ReturnHeldTwo", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2, MONITORENTER, ALOAD_2, ARETURN)));
        check("entered twice, exited once", make("EnterTwiceExitOnce", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_1, MONITORENTER, ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)));
        check("entered 1000 times in a loop, never exited", make("EnterLoop", 0, 2, 4, (cb, c) -> c
                .op(SIPUSH).u2(1000).op(ISTORE_3)
                .label("loop").op(ALOAD_1, MONITORENTER).op(IINC, 3, 0xff).op(ILOAD_3).jump(IFGT, "loop")
                .op(ALOAD_2, ARETURN)));
        // The frame's monitor slot alone keeps the entered object alive (a is a
        // WeakReference to it).
        check("monitor slot is the only reference, across a collection", make("OnlyReference", 0, 2, 3, (cb, c) -> c
                .op(ALOAD_1).op(CHECKCAST).u2(cb.cls("java/lang/ref/Reference"))
                .op(INVOKEVIRTUAL).u2(cb.method("java/lang/ref/Reference", "get", "()Ljava/lang/Object;"))
                .op(MONITORENTER).op(INVOKESTATIC).u2(cb.method(SELF, "collect", "()V"))
                .op(ALOAD_1).op(CHECKCAST).u2(cb.cls("java/lang/ref/Reference"))
                .op(INVOKEVIRTUAL).u2(cb.method("java/lang/ref/Reference", "get", "()Ljava/lang/Object;"))
                .op(INVOKESTATIC).u2(cb.method(SELF, "holds", "(Ljava/lang/Object;)Z")).op(POP)
                .op(ALOAD_2, ARETURN)), weakObject(), new Object(), true);
        check("monitorexit without monitorenter", make("ExitOnly", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)));
        check("monitorexit without monitorenter, caught in the frame", make("ExitOnlyCaught", 0, 1, 3, (cb, c) -> c
                .label("s").op(ALOAD_1, MONITOREXIT).label("e").op(ALOAD_2, ARETURN)
                .label("h").op(INVOKESTATIC).u2(cb.method(SELF, "seen", "(Ljava/lang/Object;)V"))
                .op(ALOAD_1, ARETURN)
                .handler("s", "e", "h", cb.cls(IMSE))));
        check("monitorexit of another object than the one entered", make("ExitOther", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2, MONITOREXIT, ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)));
        check("monitorexit twice", make("ExitTwice", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_1, MONITOREXIT, ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)));
        check("monitorenter null", make("EnterNull", 0, 1, 3, (cb, c) -> c
                .op(ACONST_NULL, MONITORENTER, ALOAD_2, ARETURN)));
        check("monitorexit null", make("ExitNull", 0, 1, 3, (cb, c) -> c
                .op(ACONST_NULL, MONITOREXIT, ALOAD_2, ARETURN)));
        check("monitorexit null while holding a monitor", make("ExitNullHeld", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ACONST_NULL, MONITOREXIT, ALOAD_2, ARETURN)));
    }

    // ---------------------------------------------------------------------------------
    static void unwinding() {
        int thrower = 0;
        check("athrow while holding a monitor", make("ThrowHeld", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2).op(CHECKCAST).u2(cb.cls("java/lang/Throwable")).op(ATHROW)),
                new Object(), new IllegalStateException("boom"), true);
        check("exception from a callee while holding two monitors", make("CalleeThrowsHeld", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_1, MONITORENTER, ALOAD_2)
                .op(INVOKESTATIC).u2(cb.method(SELF, "thrower", "(Ljava/lang/Object;)V"))
                .op(ALOAD_2, ARETURN)),
                new Object(), new UnsupportedOperationException("from callee"), true);
        check("ThreadDeath while holding a monitor", make("ThreadDeathHeld", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2).op(CHECKCAST).u2(cb.cls("java/lang/Throwable")).op(ATHROW)),
                new Object(), new ThreadDeath(), true);
        check("exception caught in the frame while holding a monitor, then released", make("CatchHeld", 0, 2, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER).label("s").op(ALOAD_2).op(CHECKCAST).u2(cb.cls("java/lang/Throwable")).op(ATHROW).label("e")
                .label("h").op(POP, ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)
                .handler("s", "e", "h", 0)),
                new Object(), new IllegalStateException("caught inside"), true);
        // The handler covering the return sees the first IMSE (with a trace); rethrowing
        // it unwinds the frame, which releases the monitor and installs a fresh one.
        check("IMSE at the return rethrown by the frame", make("ReturnHeldRethrow", 0, 2, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER).label("ret").op(ALOAD_2, ARETURN).label("end")
                .label("h").op(DUP).op(INVOKESTATIC).u2(cb.method(SELF, "seen", "(Ljava/lang/Object;)V")).op(ATHROW)
                .handler("ret", "end", "h", 0)));
        // Outer holds a and calls b.run(b, null), which returns holding b's monitor: the
        // callee's frame releases b, Outer catches the IMSE and still holds a.
        LockBody inner = make("InnerReturnHeld", 0, 1, 3, (cb, c) -> c.op(ALOAD_1, MONITORENTER, ALOAD_2, ARETURN));
        check("callee returns holding a monitor, caller frame holds another", make("Outer", 0, 3, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER)
                .label("s").op(ALOAD_2).op(CHECKCAST).u2(cb.cls(BODY)).op(ALOAD_2, ACONST_NULL)
                .op(INVOKEINTERFACE).u2(cb.imethod(BODY, "run", RUN)).u1(3).u1(0)
                .op(ALOAD_1, MONITOREXIT, ARETURN).label("e")
                .label("h").op(DUP).op(INVOKESTATIC).u2(cb.method(SELF, "seen", "(Ljava/lang/Object;)V"))
                .op(ALOAD_1).op(INVOKESTATIC).u2(cb.method(SELF, "holds", "(Ljava/lang/Object;)Z"))
                .op(POP, ALOAD_2).op(INVOKESTATIC).u2(cb.method(SELF, "holds", "(Ljava/lang/Object;)Z")).op(POP)
                .op(ALOAD_1, MONITOREXIT, ARETURN)
                .handler("s", "e", "h", 0)), new Object(), inner, true);
    }

    // ---------------------------------------------------------------------------------
    static void synchronizedMethods() {
        check("synchronized method, balanced", make("SyncBalanced", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_1, MONITOREXIT, ALOAD_0, MONITORENTER, ALOAD_0, MONITOREXIT, ALOAD_2, ARETURN)));
        check("synchronized method returning while holding another monitor", make("SyncReturnHeld", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2, ARETURN)));
        check("synchronized method releasing its own monitor", make("SyncExitOwn", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_0, MONITOREXIT, ALOAD_2, ARETURN)));
        check("synchronized method releasing its own monitor, handlers", make("SyncExitOwnCaught", SYNCHRONIZED, 2, 3, (cb, c) -> c
                .label("x").op(ALOAD_0, MONITOREXIT).label("xe")
                .op(ALOAD_0).op(INVOKESTATIC).u2(cb.method(SELF, "holds", "(Ljava/lang/Object;)Z")).op(POP)
                .label("r").op(ALOAD_2, ARETURN).label("re")
                .label("h1").op(INVOKESTATIC).u2(cb.method(SELF, "seen", "(Ljava/lang/Object;)V")).op(ALOAD_1, ARETURN)
                .label("h2").op(DUP).op(INVOKESTATIC).u2(cb.method(SELF, "seen", "(Ljava/lang/Object;)V")).op(ATHROW)
                .handler("x", "xe", "h1", cb.cls(IMSE))
                .handler("r", "re", "h2", cb.cls(IMSE))));
        // HotSpot's monitorenter reuses the lowest free slot of the frame's monitor block;
        // a synchronized method's own slot is the bottom one, and what it holds at the
        // return is what the return releases.
        check("synchronized method releasing its own monitor, entering another", make("SyncSwap", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_0, MONITOREXIT, ALOAD_1, MONITORENTER, ALOAD_2, ARETURN)));
        check("synchronized method releasing its own monitor, entering another twice", make("SyncSwapTwice", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_0, MONITOREXIT, ALOAD_1, MONITORENTER, ALOAD_1, MONITORENTER, ALOAD_2, ARETURN)));
        check("synchronized method: hole below, own monitor released", make("SyncHole", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2, MONITORENTER, ALOAD_0, MONITOREXIT, ALOAD_1, MONITOREXIT)
                .op(ALOAD_1, MONITORENTER, ALOAD_2, MONITOREXIT, ALOAD_2, ARETURN)));
        check("synchronized method releasing its own monitor, then throwing", make("SyncExitOwnThrow", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_0, MONITOREXIT, ALOAD_2).op(CHECKCAST).u2(cb.cls("java/lang/Throwable")).op(ATHROW)),
                new Object(), new IllegalStateException("boom"), true);
        check("synchronized method throwing while holding another monitor", make("SyncThrowHeld", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2).op(CHECKCAST).u2(cb.cls("java/lang/Throwable")).op(ATHROW)),
                new Object(), new IllegalStateException("boom"), true);
        check("synchronized method throwing, balanced", make("SyncThrow", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_2).op(CHECKCAST).u2(cb.cls("java/lang/Throwable")).op(ATHROW)),
                new Object(), new IllegalStateException("boom"), true);
        check("synchronized method entering and exiting its own monitor twice", make("SyncOwnTwice", SYNCHRONIZED, 1, 3, (cb, c) -> c
                .op(ALOAD_0, MONITORENTER, ALOAD_0, MONITOREXIT, ALOAD_0, MONITOREXIT, ALOAD_0, MONITORENTER, ALOAD_2, ARETURN)));
        // a static synchronized method releasing its class's monitor
        ClassBuilder cb = new ClassBuilder(49, "StaticSync", OBJ);
        cb.iface(BODY);
        cb.defaultInit(OBJ);
        cb.method(PUBLIC | STATIC | SYNCHRONIZED, "s", "()V", new ClassBuilder.Code(1, 0)
                .op(LDC).u1(cb.cls("StaticSync")).op(MONITOREXIT, RETURN));
        cb.method(PUBLIC, "run", RUN, new ClassBuilder.Code(1, 3)
                .op(INVOKESTATIC).u2(cb.method("StaticSync", "s", "()V")).op(ALOAD_2, ARETURN));
        try {
            Class<?> k = new ByteLoader().define("StaticSync", cb.bytes());
            LockBody body = (LockBody) k.getDeclaredConstructor().newInstance();
            check("static synchronized method releasing its class's monitor", body, new Object(), new Object(), false);
            System.out.println("  class monitor free for others: " + freeForOthers(k));
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }

    // ---------------------------------------------------------------------------------
    static void balanced() {
        check("nested, balanced", make("Nested", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2, MONITORENTER, ALOAD_2, MONITOREXIT, ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)));
        check("balanced, released out of order", make("OutOfOrder", 0, 1, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2, MONITORENTER, ALOAD_1, MONITOREXIT)
                .op(ALOAD_1).op(INVOKESTATIC).u2(cb.method(SELF, "holds", "(Ljava/lang/Object;)Z")).op(POP)
                .op(ALOAD_2, MONITOREXIT, ALOAD_2, ARETURN)));
        check("entered 100 times in a loop, exited 100 times", make("LoopBalanced", 0, 2, 4, (cb, c) -> c
                .op(BIPUSH, 100, ISTORE_3)
                .label("l1").op(ALOAD_1, MONITORENTER, ALOAD_2, MONITORENTER).op(IINC, 3, 0xff).op(ILOAD_3).jump(IFGT, "l1")
                .op(BIPUSH, 100, ISTORE_3)
                .label("l2").op(ALOAD_1, MONITOREXIT, ALOAD_2, MONITOREXIT).op(IINC, 3, 0xff).op(ILOAD_3).jump(IFGT, "l2")
                .op(ALOAD_2, ARETURN)));
        // values below the object on the operand stack survive monitorenter/monitorexit
        check("operand stack values across monitorenter and monitorexit", make("StackValues", 0, 4, 3, (cb, c) -> c
                .op(BIPUSH, 30, ALOAD_1, MONITORENTER, BIPUSH, 10, ALOAD_2, MONITORENTER, ICONST_2, IADD)
                .op(BIPUSH, 5, SWAP, ALOAD_1, MONITOREXIT, ISUB, IADD)          // 30 + (12 - 5)... see below
                .op(ALOAD_2, MONITOREXIT)
                .op(INVOKESTATIC).u2(cb.method("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;")).op(ARETURN)));
        check("monitor held across calls and in-frame exceptions", make("HeldAcross", 0, 3, 4, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER)
                .label("s").op(NEW).u2(cb.cls("java/lang/IllegalStateException")).op(DUP)
                .op(INVOKESPECIAL).u2(cb.method("java/lang/IllegalStateException", "<init>", "()V")).op(ATHROW).label("e")
                .label("h").op(ASTORE_3, ALOAD_1).op(INVOKESTATIC).u2(cb.method(SELF, "holds", "(Ljava/lang/Object;)Z"))
                .op(POP, ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)
                .handler("s", "e", "h", 0)));
        final Object lock = new Object();
        int[] counter = new int[1];
        LockBody inc = make("Increment", 0, 4, 3, (cb, c) -> c
                .op(ALOAD_1, MONITORENTER, ALOAD_2).op(CHECKCAST).u2(cb.cls("[I"))
                .op(ICONST_0, DUP2, IALOAD, ICONST_1, IADD, IASTORE, ALOAD_1, MONITOREXIT, ACONST_NULL, ARETURN));
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                try { for (int k = 0; k < 20000; k++) inc.run(lock, counter); } catch (Throwable e) { throw new RuntimeException(e); }
            });
            ts[i].start();
        }
        for (Thread t : ts) { try { t.join(); } catch (InterruptedException e) { throw new RuntimeException(e); } }
        System.out.println("== mutual exclusion with hand-written monitorenter/monitorexit: " + counter[0]);
    }

    // ---------------------------------------------------------------------------------
    static void callerHolds() {
        Object a = new Object(), b = new Object();
        synchronized (a) {
            check("monitorexit of a monitor a caller holds", make("ExitCallers", 0, 1, 3, (cb, c) -> c
                    .op(ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)), a, b, false);
            check("re-entering a monitor a caller holds, returning with it", make("ReenterCallers", 0, 1, 3, (cb, c) -> c
                    .op(ALOAD_1, MONITORENTER, ALOAD_2, ARETURN)), a, b, false);
            check("re-entering a monitor a caller holds, balanced", make("ReenterCallersBalanced", 0, 1, 3, (cb, c) -> c
                    .op(ALOAD_1, MONITORENTER, ALOAD_1, MONITOREXIT, ALOAD_2, ARETURN)), a, b, false);
        }
        System.out.println("  after the caller's block: a=" + Thread.holdsLock(a) + " free for others: " + freeForOthers(a));
    }

    // ---------------------------------------------------------------------------------
    static void threads() throws InterruptedException {
        Object a = new Object();
        LockBody body = make("InThread", 0, 1, 3, (cb, c) -> c.op(ALOAD_1, MONITORENTER, ALOAD_2, ARETURN));
        Thread t = new Thread(() -> {
            try { body.run(a, null); } catch (Throwable e) { throw new RuntimeException("unexpected", e); }
        }, "holder");
        t.start();
        t.join();
        System.out.println("== uncaught in a thread: released " + !Thread.holdsLock(a) + ", free for others: " + freeForOthers(a));
        // a thread whose run() leaves via a held-monitor IMSE, uncaught (printed on stderr)
        Thread u = new Thread(() -> {
            try { body.run(a, null); } catch (IllegalMonitorStateException e) { sneaky(e); } catch (Throwable e) { throw new RuntimeException(e); }
        }, "uncaught");
        u.start();
        u.join();
        System.out.println("  free for others after the uncaught exception: " + freeForOthers(a));
    }

    @SuppressWarnings("unchecked")
    static <E extends Throwable> void sneaky(Throwable e) throws E { throw (E) e; }
}
