// VMOPTIONS: -Djava.library.path=@NATIVE@
// JNI functions, group by group (see JniFunctions/jnifunctions.c, which does most of the
// work and reports through log()). Every line printed must be identical on HotSpot.
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.Arrays;

public class JniFunctions {
    static void log(String s) { System.out.println(s); }

    static {
        System.loadLibrary("jnifunctions"); // JNI_OnLoad reports what it sees
    }

    // ---- classes the native code works with ----

    static class OnLoadHelper { }
    static class AttachHelper {
        static void report(String what) {
            log("attached thread " + Thread.currentThread().getName() + ": " + what
                + " daemon=" + Thread.currentThread().isDaemon());
        }
    }
    static class Init { static { log("Init.<clinit>"); } }
    static class Lazy { static { log("Lazy.<clinit>"); } static int answer() { return 42; } }
    static class Lazy2 { static { log("Lazy2.<clinit>"); } int inst() { return 8; } }
    static class LazyField { static { log("LazyField.<clinit>"); } static int value = 99; }
    static class Broken {
        static { if (Boolean.TRUE) throw new IllegalStateException("broken init"); }
        static void m() { }
    }

    interface Greeter {
        int CONST = 123;
        String greet(String who);
        default String hello() { return "hello from Greeter"; }
        static String util(int n) { return "Greeter.util " + n; }
    }
    static class Base implements Greeter {
        int baseField = 11;
        public String greet(String who) { return "Base greets " + who; }
        String describe() { return "Base.describe"; }
        private String secret() { return "Base.secret"; }
    }
    static class Sub extends Base {
        String describe() { return "Sub.describe"; }
        public String hello() { return "hello from Sub"; }
        public String greet(String who) { return "Sub greets " + who; }
    }
    static abstract class AbstractThing { abstract void m(); }

    static class Target {
        boolean z = true; byte b = -5; char c = 'q'; short s = -300; int i = 123456;
        long j = -9876543210L; float f = 2.5f; double d = -0.125; String str = "field";
        volatile boolean vz; volatile byte vb; volatile char vc; volatile short vs;
        volatile int vi; volatile long vj; volatile float vf; volatile double vd;
        volatile Object vo;
        static boolean sz = true; static byte sb = 7; static char sc = 'S'; static short ss = 700;
        static int si = -77; static long sj = 1L << 50; static float sf = -1.75f;
        static double sd = 3.0e-300; static String sstr = "static field";
        static volatile long svj = 5;
        static int voidCalls;

        int ctorArg = -1; String ctorStr = "initializer";
        Target() { }
        Target(int a, String s) { ctorArg = a; ctorStr = s; }
        Target(boolean fail) { if (fail) throw new IllegalArgumentException("ctor failed"); }

        boolean retZ() { return true; }
        byte retB() { return -8; }
        char retC() { return '\u263a'; }
        short retS() { return -1234; }
        int retI() { return 1 << 30; }
        long retJ() { return 1L << 40; }
        float retF() { return 0.75f; }
        double retD() { return 1e100; }
        Object retL() { return "objresult"; }
        void retV() { voidCalls++; }
        static boolean sretZ() { return false; }
        static byte sretB() { return 127; }
        static char sretC() { return 'A'; }
        static short sretS() { return 32767; }
        static int sretI() { return -1; }
        static long sretJ() { return Long.MIN_VALUE; }
        static float sretF() { return Float.MAX_VALUE; }
        static double sretD() { return -0.0; }
        static Object sretL() { return Arrays.asList(1, 2); }
        static void sretV() { voidCalls += 10; }

        String all(boolean z, byte b, char c, short s, int i, long j, float f, double d,
                   String str, int[] arr) {
            return "all(" + fmt(z, b, c, s, i, j, f, d, str, arr) + ")";
        }
        static String sall(boolean z, byte b, char c, short s, int i, long j, float f,
                           double d, String str, int[] arr) {
            return "sall(" + fmt(z, b, c, s, i, j, f, d, str, arr) + ")";
        }
        static String fmt(boolean z, byte b, char c, short s, int i, long j, float f,
                          double d, String str, int[] arr) {
            return z + " " + b + " " + (int) c + " " + s + " " + i + " " + j + " " + f + " " + d
                + " " + str + " " + (arr == null ? "null" : Arrays.toString(arr));
        }
        static String bool(boolean z) { return "bool " + z; }
        void thrower() { throw new UnsupportedOperationException("thrown by Java"); }
        public String toString() { return "Target(" + ctorArg + ", " + ctorStr + ")"; }
    }

    static class MyEx extends RuntimeException {
        MyEx() { super("from no-arg ctor"); }
        MyEx(String s) { super("from String ctor: " + s); }
    }
    static class NoStringCtorEx extends RuntimeException { NoStringCtorEx(int x) { } }

    public static class Defined {
        public String toString() { return "I am " + getClass().getName(); }
    }
    static class MyLoader extends ClassLoader { MyLoader() { super(null); } }

    static class Registered {
        static native int twice(int x);
        static native String hello(String who);
        native long plus(long a);
        int notNative() { return 0; }
        long base = 1000;
    }

    // ---- natives (jnifunctions.c) ----

    static native void versionAndVm();
    static native void onLoadReport();
    static native void classes(Class<?> intClass, Class<?> lazy2, Class<?> broken);
    static native Class<?> defineClass(String name, ClassLoader loader, byte[] bytes);
    static native void methodIds(Class<?> lazy2);
    static native void calls(Target t, Sub sub, Base base);
    static native void objects(Class<?> intArray, Class<?> intClass);
    static native void fields(Target t, Sub sub);
    static native void strings(String latin1, String utf16);
    static native void primitiveArrays(int[] javaInts);
    static native void objectArrays(String[] strs, Object[][] objs, int[][] ints);
    static native void exceptions();
    static native void describe();
    static native void throwFromNative(int kind);
    static native void references(Object o);
    static native boolean weakCleared(boolean create);
    static native boolean localsAcrossGc(int n);
    static native int globalChurn(Object o, int n);
    static native void reflection(Method m, Constructor<?> ctor, Field f, Field sf);
    static native void registerNatives();
    static native void unregisterNatives();
    static native void monitors(Object lock);
    static native void directBuffers(ByteBuffer heap, ByteBuffer direct);
    static native void modules(Class<?> intClass);
    static native void attachedThread();

    // ---- Java helpers the native code calls ----

    static boolean holds(Object o) { return Thread.holdsLock(o); }

    static volatile boolean contenderGotIt;
    static Thread contender;
    /* Starts a thread that blocks on `lock` (held by the caller) and waits until it does. */
    static void startContender(Object lock) throws InterruptedException {
        contender = new Thread(() -> {
            synchronized (lock) { contenderGotIt = true; }
        }, "contender");
        contender.start();
        while (contender.getState() != Thread.State.BLOCKED) Thread.sleep(1);
    }

    static void section(String name) { log("== " + name); }

    static Object makeGarbage() { return new Object[] { "weakly held" }; }

    public static void main(String[] args) throws Exception {
        section("version and JavaVM");
        versionAndVm();
        onLoadReport();

        section("classes");
        classes(int.class, Lazy2.class, Broken.class);
        MyLoader loader = new MyLoader();
        byte[] bytes;
        try (var in = JniFunctions.class.getResourceAsStream("JniFunctions$Defined.class")) {
            bytes = in.readAllBytes();
        }
        Class<?> defined = defineClass("JniFunctions$Defined", loader, bytes);
        log("defined " + defined.getName() + " same loader " + (defined.getClassLoader() == loader)
            + " differs from app class " + (defined != Defined.class));
        log("instance says: " + defined.getDeclaredConstructor().newInstance());
        log("findLoadedClass sees it " + (Class.forName("JniFunctions$Defined", false, loader) == defined));
        defineClass("JniFunctions$Defined", loader, bytes);
        defineClass(null, new MyLoader(), bytes);
        defineClass("Wrong", new MyLoader(), bytes);
        defineClass("Garbage", new MyLoader(), new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 });

        section("method IDs");
        methodIds(Lazy2.class);

        section("calls");
        calls(new Target(), new Sub(), new Base());
        log("voidCalls " + Target.voidCalls);

        section("objects");
        objects(int[].class, int.class);

        section("fields");
        Target t = new Target();
        fields(t, new Sub());
        log("after Set*Field: z=" + t.z + " b=" + t.b + " c=" + (int) t.c + " s=" + t.s + " i=" + t.i
            + " j=" + t.j + " f=" + t.f + " d=" + t.d + " str=" + t.str);
        log("volatile: " + t.vz + " " + t.vb + " " + (int) t.vc + " " + t.vs + " " + t.vi + " "
            + t.vj + " " + t.vf + " " + t.vd + " " + t.vo);
        log("static: " + Target.sz + " " + Target.sb + " " + (int) Target.sc + " " + Target.ss + " "
            + Target.si + " " + Target.sj + " " + Target.sf + " " + Target.sd + " " + Target.sstr
            + " " + Target.svj);

        section("strings");
        strings("Latin-1 caf\u00e9", "UTF16 \u20ac \ud83d\ude00 \u0000 end");

        section("primitive arrays");
        int[] ints = { 1, 2, 3, 4, 5 };
        primitiveArrays(ints);
        log("java sees " + Arrays.toString(ints));

        section("object arrays");
        String[] strs = { "a", "b", "c" };
        Object[][] objs = new Object[2][2];
        int[][] ints2 = new int[3][];
        objectArrays(strs, objs, ints2);
        log("java sees " + Arrays.toString(strs) + " " + Arrays.deepToString(objs) + " "
            + Arrays.deepToString(ints2));

        section("exceptions");
        exceptions();
        for (int kind = 0; kind < 4; kind++) {
            try {
                throwFromNative(kind);
                log("throwFromNative(" + kind + ") returned normally");
            } catch (Throwable e) {
                log("caught " + e + (e.getCause() != null ? " cause " + e.getCause() : ""));
            }
        }
        System.out.flush();
        describe();
        System.err.flush();

        section("references");
        references(new StringBuilder("referenced"));
        weakCleared(true);
        boolean cleared = false;
        for (int n = 0; n < 20 && !cleared; n++) {
            makeGarbage();
            System.gc();
            cleared = weakCleared(false);
        }
        log("weak reference cleared after gc: " + cleared);

        section("references under GC");
        log("locals survive gc: " + localsAcrossGc(50000));
        int[] bad = new int[4];
        Thread[] churners = new Thread[bad.length];
        for (int k = 0; k < churners.length; k++) {
            final int slot = k;
            churners[k] = new Thread(() -> bad[slot] = globalChurn(new Object(), 20000));
            churners[k].start();
        }
        for (int k = 0; k < 3; k++) System.gc();
        for (Thread th : churners) th.join();
        log("global churn mismatches: " + Arrays.stream(bad).sum());

        section("reflection");
        reflection(Sub.class.getDeclaredMethod("describe"),
                   Target.class.getDeclaredConstructor(int.class, String.class),
                   Target.class.getDeclaredField("i"), Target.class.getDeclaredField("sstr"));

        section("RegisterNatives");
        registerNatives();
        log("twice(21) = " + Registered.twice(21));
        log("hello = " + Registered.hello("natives"));
        log("plus = " + new Registered().plus(5));
        unregisterNatives();
        try {
            Registered.twice(1);
            log("still bound after UnregisterNatives");
        } catch (UnsatisfiedLinkError e) {
            log("after UnregisterNatives: " + e);
        }

        section("monitors");
        Object lock = new Object();
        monitors(lock);
        contender.join();
        log("contender got the lock after MonitorExit: " + contenderGotIt);

        section("direct buffers");
        directBuffers(ByteBuffer.allocate(8), ByteBuffer.allocateDirect(32));

        section("modules");
        modules(int.class);

        section("attached thread");
        attachedThread();

        section("done");
    }
}
