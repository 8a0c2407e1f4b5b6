// VMOPTIONS: -Dsun.reflect.inflationThreshold=1000000
// Method.invoke and Constructor.newInstance on the VM's native path (inflation to
// generated accessors is pushed out of reach so both VMs answer every call natively):
// boxing of results, unboxing and widening of arguments, the IllegalArgumentException
// messages, null and wrong receivers, virtual and interface dispatch, private methods,
// class initialization, InvocationTargetException wrapping, and instantiation errors.
import java.lang.reflect.*;
import java.util.*;

public class ReflectionInvoke {
    static class Base {
        int id = 1;
        public String who() { return "Base" + id; }
        private String secret() { return "base-secret"; }
        public static String stat(int a, long b, double c) { return "stat " + a + " " + b + " " + c; }
        public String over(Object o) { return "Base.over(Object " + o + ")"; }
    }
    static class Derived extends Base {
        Derived() { id = 2; }
        public String toString() { return "Derived#" + id; }
        public String who() { return "Derived" + id; }
        private String secret() { return "derived-secret"; }
    }
    interface Speaker {
        String speak();
        default String loud() { return speak().toUpperCase(); }
    }
    static class Dog implements Speaker {
        public String speak() { return "woof"; }
    }
    static class Cat implements Speaker {
        public String speak() { return "meow"; }
        public String loud() { return "MEOW!"; }
    }
    static abstract class Abstract {
        public Abstract() {}
        public abstract String name();
    }
    static class Prims {
        public static boolean z(boolean v) { return !v; }
        public static byte b(byte v) { return (byte) (v + 1); }
        public static char c(char v) { return (char) (v + 1); }
        public static short s(short v) { return (short) (v + 1); }
        public static int i(int v) { return v + 1; }
        public static long j(long v) { return v + 1; }
        public static float f(float v) { return v + 0.5f; }
        public static double d(double v) { return v + 0.25; }
        public static void v() {}
        public static Object o(Object v) { return v; }
        public static int[] arr(int[] v) { return v; }
        public static String mixed(byte b, short s, char c, int i, long j, float f, double d, boolean z, String str) {
            return b + "," + s + "," + c + "," + i + "," + j + "," + f + "," + d + "," + z + "," + str;
        }
        public static int varargs(String... s) { return s.length; }
    }
    static class Thrower {
        Thrower(int mode) throws Exception {
            if (mode == 1) throw new java.io.IOException("ctor io");
            if (mode == 2) throw new IllegalStateException("ctor ise");
            if (mode == 3) throw new StackOverflowError("fake");
        }
        public String toString() { return "Thrower"; }
        static void boom(String what) throws Exception {
            if (what.equals("checked")) throw new Exception("checked boom");
            if (what.equals("runtime")) throw new UnsupportedOperationException("runtime boom");
            if (what.equals("error")) throw new AssertionError("error boom");
            throw new NullPointerException("explicit npe");
        }
    }
    static class Init {
        static { System.out.println("Init.<clinit> runs"); }
        static int value() { return 7; }
    }
    static class BadInit {
        static int x = 1 / Integer.parseInt("0");
        static int value() { return x; }
    }
    class InnerWithOuter {
        final String tag;
        InnerWithOuter(String tag) { this.tag = tag; }
        public String toString() { return "Inner(" + tag + ") of " + ReflectionInvoke.this.name; }
    }
    final String name = "outer";

    static void report(String label, Throwable e) {
        System.out.println(label + ": " + e.getClass().getName() + ": " + e.getMessage());
        if (e instanceof InvocationTargetException) {
            Throwable c = e.getCause();
            System.out.println("  target: " + c.getClass().getName() + ": " + c.getMessage()
                + " same=" + (c == ((InvocationTargetException) e).getTargetException()));
        }
        if (e instanceof ExceptionInInitializerError) {
            Throwable c = e.getCause();
            System.out.println("  cause: " + c.getClass().getName() + ": " + c.getMessage());
        }
    }

    static String str(Object r) {
        if (r == null) return "null";
        if (r instanceof int[]) return "int[] " + Arrays.toString((int[]) r);
        return r.getClass().getSimpleName() + " " + r;
    }

    static void call(String label, Method m, Object recv, Object... args) {
        try {
            Object r = m.invoke(recv, args);
            System.out.println(label + " -> " + str(r));
        } catch (Throwable e) {
            report(label, e);
        }
    }

    static void make(String label, Constructor<?> k, Object... args) {
        try {
            Object r = k.newInstance(args);
            System.out.println(label + " -> " + str(r));
        } catch (Throwable e) {
            report(label, e);
        }
    }

    public static void main(String[] args) throws Exception {
        // Results boxed per return type, arguments unboxed.
        call("z", Prims.class.getMethod("z", boolean.class), null, true);
        call("b", Prims.class.getMethod("b", byte.class), null, (byte) 127);
        call("c", Prims.class.getMethod("c", char.class), null, 'A');
        call("s", Prims.class.getMethod("s", short.class), null, (short) -1);
        call("i", Prims.class.getMethod("i", int.class), null, Integer.MAX_VALUE);
        call("j", Prims.class.getMethod("j", long.class), null, Long.MIN_VALUE);
        call("f", Prims.class.getMethod("f", float.class), null, 1.0f);
        call("d", Prims.class.getMethod("d", double.class), null, -1.0);
        call("v", Prims.class.getMethod("v"), null);
        call("o", Prims.class.getMethod("o", Object.class), null, "str");
        call("o null", Prims.class.getMethod("o", Object.class), null, (Object) null);
        call("arr", Prims.class.getMethod("arr", int[].class), null, (Object) new int[] {1});
        Integer big = 1000;
        Object boxed = Prims.class.getMethod("o", Object.class).invoke(null, big);
        System.out.println("reference returned as is: " + (boxed == big));
        Object i1 = Prims.class.getMethod("i", int.class).invoke(null, 5);
        System.out.println("boxed int result " + i1 + " equals " + i1.equals(6));

        // Widening conversions (JLS 5.1.2) and their limits.
        Method mi = Prims.class.getMethod("i", int.class);
        call("byte->int", mi, null, (byte) 3);
        call("short->int", mi, null, (short) 3);
        call("char->int", mi, null, 'a');
        call("long->int", mi, null, 3L);
        call("boolean->int", mi, null, true);
        call("String->int", mi, null, "3");
        call("null->int", mi, null, (Object) null);
        Method md = Prims.class.getMethod("d", double.class);
        call("int->double", md, null, 3);
        call("long->double", md, null, 1L << 60);
        call("float->double", md, null, 0.1f);
        call("char->double", md, null, 'x');
        Method mf = Prims.class.getMethod("f", float.class);
        call("long->float", mf, null, 123456789L);
        call("double->float", mf, null, 1.0);
        Method mj = Prims.class.getMethod("j", long.class);
        call("int->long", mj, null, -7);
        call("char->long", mj, null, '\uffff');
        Method ms = Prims.class.getMethod("s", short.class);
        call("byte->short", ms, null, (byte) -5);
        call("char->short", ms, null, 'c');
        Method mb = Prims.class.getMethod("b", byte.class);
        call("short->byte", mb, null, (short) 1);
        Method mc = Prims.class.getMethod("c", char.class);
        call("byte->char", mc, null, (byte) 1);
        Method mz = Prims.class.getMethod("z", boolean.class);
        call("int->boolean", mz, null, 1);
        Method mixed = Prims.class.getMethod("mixed", byte.class, short.class, char.class, int.class,
            long.class, float.class, double.class, boolean.class, String.class);
        call("mixed", mixed, null, (byte) 1, (short) 2, 'c', 4, 5L, 6f, 7d, true, "s");
        call("mixed widened", mixed, null, (byte) 1, (byte) 2, 'c', 'd', 5, 6, 7f, false, null);
        call("mixed bad string", mixed, null, (byte) 1, (short) 2, 'c', 4, 5L, 6f, 7d, true, 8);

        // Argument counts.
        call("too few", mi, null);
        call("too many", mi, null, 1, 2);
        call("null args array", Prims.class.getMethod("v"), null, (Object[]) null);
        Method va = Prims.class.getMethod("varargs", String[].class);
        call("varargs array", va, null, (Object) new String[] {"a", "b"});
        call("varargs wrong", va, null, "a", "b");
        call("varargs wrong type", va, null, (Object) new Object[] {"a"});

        // Receivers.
        Method who = Base.class.getMethod("who");
        call("virtual on Base", who, new Base());
        call("virtual on Derived", who, new Derived());
        // setAccessible skips Method.invoke's Java-side access check, which would throw a
        // (VM-specific, helpful) NullPointerException of its own.
        Method whoAccessible = Base.class.getMethod("who");
        whoAccessible.setAccessible(true);
        call("null receiver", whoAccessible, (Object) null);
        call("wrong receiver", who, "a string");
        call("static ignores receiver", Base.class.getMethod("stat", int.class, long.class, double.class),
            "ignored", 1, 2, 3);
        Method secret = Base.class.getDeclaredMethod("secret");
        call("private not virtual", secret, new Derived());
        call("inherited over", Base.class.getMethod("over", Object.class), new Derived(), 42);
        Method toString = Object.class.getMethod("toString");
        call("Object.toString on Integer", toString, 17);
        Method hash = Object.class.getMethod("hashCode");
        call("Object.hashCode on String", hash, "abc");

        // Interface dispatch.
        Method speak = Speaker.class.getMethod("speak");
        Method loud = Speaker.class.getMethod("loud");
        call("speak dog", speak, new Dog());
        call("loud dog (default)", loud, new Dog());
        call("loud cat (override)", loud, new Cat());
        call("speak on non-speaker", speak, new Object());
        Method cmp = Comparable.class.getMethod("compareTo", Object.class);
        call("Comparable.compareTo", cmp, "b", "a");
        call("Comparable.compareTo mismatch", cmp, "b", 1);

        // Exceptions from the target.
        Method boom = Thrower.class.getDeclaredMethod("boom", String.class);
        call("checked", boom, null, "checked");
        call("runtime", boom, null, "runtime");
        call("error", boom, null, "error");
        call("npe inside", boom, null, "npe");

        // Class initialization.
        System.out.println("before Init");
        call("Init.value", Init.class.getDeclaredMethod("value"), null);
        call("Init.value again", Init.class.getDeclaredMethod("value"), null);
        call("BadInit.value", BadInit.class.getDeclaredMethod("value"), null);
        call("BadInit.value again", BadInit.class.getDeclaredMethod("value"), null);

        // Constructors.
        make("Derived()", Derived.class.getDeclaredConstructor());
        make("Thrower io", Thrower.class.getDeclaredConstructor(int.class), 1);
        make("Thrower ise", Thrower.class.getDeclaredConstructor(int.class), 2);
        make("Thrower soe", Thrower.class.getDeclaredConstructor(int.class), 3);
        make("Thrower ok", Thrower.class.getDeclaredConstructor(int.class), (short) 0);
        make("Thrower bad arg", Thrower.class.getDeclaredConstructor(int.class), "x");
        make("Thrower no args", Thrower.class.getDeclaredConstructor(int.class));
        make("Abstract", Abstract.class.getConstructor());
        make("Inner with outer", InnerWithOuter.class.getDeclaredConstructor(ReflectionInvoke.class, String.class),
            new ReflectionInvoke(), "t");
        make("Inner wrong outer", InnerWithOuter.class.getDeclaredConstructor(ReflectionInvoke.class, String.class),
            "notouter", "t");
        make("String(char[])", String.class.getConstructor(char[].class), (Object) new char[] {'h', 'i'});
        make("StringBuilder(int)", StringBuilder.class.getConstructor(int.class), 'x');
        make("ArrayList(Collection)", ArrayList.class.getConstructor(Collection.class), List.of(1, 2));
        try {
            Class.class.getDeclaredConstructor(ClassLoader.class, Class.class);
            System.out.println("Class has a private constructor");
        } catch (NoSuchMethodException e) {
            System.out.println("no Class(ClassLoader, Class) constructor");
        }
        try {
            Object o = Derived.class.getDeclaredConstructor().newInstance();
            System.out.println("Class.newInstance-like " + o.getClass().getSimpleName());
        } catch (Exception e) {
            report("newInstance", e);
        }
        try {
            Object o = Color.class.getDeclaredConstructors()[0];
            ((Constructor<?>) o).setAccessible(true);
            ((Constructor<?>) o).newInstance("X", 3);
        } catch (Exception e) {
            report("enum constructor", e);
        }
    }

    enum Color { RED }
}
