// VMOPTIONS: -Djava.library.path=@NATIVE@
// A JNI library of the test suite's own (JniBasics/jnibasics.c, compiled by the runner):
// natives linked by short and long (overloaded, escaped) names and by RegisterNatives in
// JNI_OnLoad; arguments and results of every type; strings both ways; primitive and
// object arrays; calls from native code back into Java (static, virtual, nonvirtual,
// constructors); field access; exceptions thrown by native code and Java exceptions
// seen, cleared or propagated by native code; local frames, global and weak global
// references; monitors; direct buffers; and a native thread attaching to the VM.
import java.nio.ByteBuffer;

public class JniBasics {
    static { System.loadLibrary("jnibasics"); }

    int counter = 5;
    static String staticLabel = "initial";
    long big = 1L << 40;

    // Linked by short names
    static native int add(int a, int b);
    static native double mixArgs(byte b, short s, char c, int i, long l, float f, double d, boolean z);
    static native long returnLong(long v);
    static native boolean returnBoolean(int v);
    static native char returnChar(char c);
    static native float returnFloat(float f);
    native String greet(String who);
    static native String reverse(String s);
    static native int utfLength(String s);
    static native String utfRoundTrip(String s);
    static native int sumArray(int[] a);
    static native void scaleArray(double[] a, double k);
    static native int[] makeArray(int n);
    static native String[] splitChars(String s);
    static native long sumRegion(long[] a, int start, int len);
    static native int criticalSum(byte[] a);
    static native String callbacks(JniBasics target);
    static native Object construct(String s);
    static native String fields(JniBasics target);
    static native void throwNew(String msg);
    static native String catchJava();
    static native void propagate();
    static native String refs(Object o);
    static native int localFrames(int n);
    static native String classes(Class<?> c);
    static native int monitor(Object o, int n);
    static native long directBuffer(ByteBuffer b);
    static native String attachedThread();
    static native String reflection();
    static native int with_underscore(int x);
    static native String arrayErrors(int[] a);
    // Overloads: linked by long names
    static native String over(int x);
    static native String over(String s);
    static native String over(int[] a, long l);
    // Registered in JNI_OnLoad (no exported Java_ symbol)
    static native int registered(int x);
    static native String registeredName();
    // Not implemented anywhere
    static native void missing();

    static class Nested { static native String nestedNative(); }

    // Called from native code
    static int square(int x) { return x * x; }
    String describe(String prefix, int n, double d) { return prefix + ":" + n + ":" + d + ":" + counter; }
    long sum(long a, long b) { return a + b; }
    void bump() { counter++; }
    static void thrower(String msg) { throw new IllegalArgumentException(msg); }
    public String toString() { return "JniBasics(" + counter + ")"; }
    static class Sub extends JniBasics { String describe(String prefix, int n, double d) { return "Sub." + super.describe(prefix, n, d); } }

    public static void main(String[] args) throws Exception {
        System.out.println("add " + add(2, 40) + " " + add(Integer.MAX_VALUE, 1));
        System.out.println("mixArgs " + mixArgs((byte) -1, (short) 300, 'A', -7, 1L << 40, 0.5f, 0.25, true));
        System.out.println("returns " + returnLong(Long.MIN_VALUE) + " " + returnBoolean(2) + " " + returnBoolean(0) + " " + (int) returnChar('\uffff') + " " + returnFloat(-0.0f));
        JniBasics j = new JniBasics();
        System.out.println(j.greet("world") + " | " + j.greet(null));
        System.out.println("reverse " + reverse("hello \u00e9\u4e2d") + " surrogates kept " + reverse("a\uD83D\uDE00b").equals("b\uD83D\uDE00a"));
        System.out.println("utfLength " + utfLength("abc") + " " + utfLength("\u00e9") + " " + utfLength("\u4e2d") + " " + utfLength("\0") + " " + utfLength("\uD83D\uDE00"));
        System.out.println("utfRoundTrip " + utfRoundTrip("plain ascii") + " " + utfRoundTrip("\u00e9\u4e2d").equals("\u00e9\u4e2d"));
        System.out.println("sumArray " + sumArray(new int[] { 1, 2, 3, 4 }) + " " + sumArray(new int[0]));
        double[] ds = { 1, 2, 3 };
        scaleArray(ds, 2.5);
        System.out.println("scaleArray " + java.util.Arrays.toString(ds));
        System.out.println("makeArray " + java.util.Arrays.toString(makeArray(6)) + " splitChars " + java.util.Arrays.toString(splitChars("xyz")));
        System.out.println("sumRegion " + sumRegion(new long[] { 1, 2, 3, 4, 5 }, 1, 3));
        try { sumRegion(new long[] { 1, 2 }, 1, 5); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("region out of bounds: ArrayIndexOutOfBoundsException"); }
        System.out.println("criticalSum " + criticalSum(new byte[] { 1, -1, 127, -128, 5 }));
        System.out.println("callbacks " + callbacks(j) + " counter now " + j.counter);
        System.out.println("callbacks on subclass " + callbacks(new Sub()));
        Object made = construct("built natively");
        System.out.println("construct " + made.getClass().getName() + " " + made);
        System.out.println("fields " + fields(j) + " after: counter " + j.counter + " big " + j.big + " static " + staticLabel);
        try { throwNew("from native"); } catch (IllegalStateException e) { System.out.println("throwNew: " + e.getMessage()); }
        System.out.println("catchJava " + catchJava());
        try { propagate(); System.out.println("propagate returned normally?"); }
        catch (IllegalArgumentException e) { System.out.println("propagated: " + e.getMessage() + " top frame " + e.getStackTrace()[0].getMethodName()); }
        System.out.println("refs " + refs("referenced"));
        System.out.println("localFrames " + localFrames(5000));
        System.out.println("classes " + classes(java.util.ArrayList.class));
        final Object lock = new Object();
        System.out.println("monitor " + monitor(lock, 3) + " held after " + Thread.holdsLock(lock));
        ByteBuffer bb = ByteBuffer.allocateDirect(32);
        bb.put(0, (byte) 7);
        System.out.println("directBuffer " + directBuffer(bb) + " byte 1 written natively " + bb.get(1) + " heap buffer " + directBuffer(ByteBuffer.allocate(8)));
        System.out.println("attachedThread " + attachedThread());
        System.out.println("reflection " + reflection());
        System.out.println("escaped name " + with_underscore(20) + " nested " + Nested.nestedNative());
        System.out.println("arrayErrors " + arrayErrors(new int[] { 1, 2, 3 }));
        System.out.println("overloads " + over(3) + " " + over("s") + " " + over(new int[] { 1, 2 }, 9L));
        System.out.println("registered " + registered(21) + " " + registeredName());
        try { missing(); } catch (UnsatisfiedLinkError e) { System.out.println("missing: UnsatisfiedLinkError " + e.getMessage()); }
        try { System.loadLibrary("no_such_library_glassvm"); } catch (UnsatisfiedLinkError e) { System.out.println("loadLibrary missing: UnsatisfiedLinkError " + e.getMessage().startsWith("no no_such_library_glassvm in java.library.path")); }
        // Loading the same library again is a no-op
        System.loadLibrary("jnibasics");
        System.out.println("reload ok " + add(1, 1));
    }
}
