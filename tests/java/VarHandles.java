// java.lang.invoke.VarHandle (signature-polymorphic calls linked by the VM): field,
// static field and array element handles with plain, volatile, acquire/release, CAS,
// getAndAdd and bitwise modes; byte-array views; and MethodHandles on plain methods.
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

public class VarHandles {
    int x;
    long big;
    String name = "initial";
    static double sd = 1.5;

    static int twice(int v) { return v * 2; }
    String greet(String who) { return "hi " + who + " from " + name; }

    public static void main(String[] args) throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        VarHandle X = l.findVarHandle(VarHandles.class, "x", int.class);
        VarHandle BIG = l.findVarHandle(VarHandles.class, "big", long.class);
        VarHandle NAME = l.findVarHandle(VarHandles.class, "name", String.class);
        VarHandle SD = l.findStaticVarHandle(VarHandles.class, "sd", double.class);
        VarHandles o = new VarHandles();
        X.set(o, 5);
        System.out.println("get " + (int) X.get(o) + " volatile " + (int) X.getVolatile(o) + " acquire " + (int) X.getAcquire(o));
        System.out.println("cas " + X.compareAndSet(o, 5, 6) + " " + X.compareAndSet(o, 5, 7) + " value " + o.x);
        System.out.println("getAndAdd " + (int) X.getAndAdd(o, 10) + " now " + o.x + " getAndSet " + (int) X.getAndSet(o, 1) + " now " + o.x);
        System.out.println("bitwise " + (int) X.getAndBitwiseOr(o, 6) + " " + (int) X.getAndBitwiseAnd(o, 3) + " " + (int) X.getAndBitwiseXor(o, 0xff) + " now " + o.x);
        System.out.println("compareAndExchange " + (int) X.compareAndExchange(o, o.x, 42) + " now " + o.x);
        BIG.setRelease(o, Long.MIN_VALUE);
        System.out.println("long " + (long) BIG.getAndAdd(o, -1L) + " " + o.big);
        NAME.setVolatile(o, "volatile-set");
        System.out.println("ref " + NAME.compareAndSet(o, "volatile-set", "cas-set") + " " + o.name + " " + (String) NAME.getAndSet(o, "again"));
        SD.set(3.25);
        System.out.println("static " + (double) SD.get() + " " + SD.compareAndSet(3.25, 4.5) + " " + sd);
        VarHandle ARR = MethodHandles.arrayElementVarHandle(int[].class);
        int[] arr = new int[4];
        ARR.setVolatile(arr, 2, 9);
        ARR.getAndAdd(arr, 2, 1);
        System.out.println("array " + java.util.Arrays.toString(arr) + " " + ARR.compareAndSet(arr, 0, 0, 4) + " " + java.util.Arrays.toString(arr));
        try { ARR.set(arr, 4, 1); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("array VarHandle AIOOBE: " + e.getMessage()); }
        VarHandle VIEW = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
        byte[] bytes = new byte[8];
        VIEW.set(bytes, 1, 0x01020304);
        System.out.println("view " + java.util.Arrays.toString(bytes) + " read LE " + Integer.toHexString((int) MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN).get(bytes, 1)));
        try { X.set(o, "wrong type"); } catch (RuntimeException e) { System.out.println("wrong type: " + e.getClass().getName() + ": " + e.getMessage()); }
        try { int r = (int) X.get((Object) "not a VarHandles"); System.out.println(r); }
        catch (RuntimeException e) { System.out.println("wrong receiver: " + e.getClass().getName()); }
        System.out.println("accessModeType " + X.accessModeType(VarHandle.AccessMode.COMPARE_AND_SET) + " varType " + X.varType().getName());
        VarHandle.fullFence(); VarHandle.acquireFence(); VarHandle.releaseFence(); VarHandle.loadLoadFence(); VarHandle.storeStoreFence();

        // MethodHandles on ordinary methods
        MethodHandle tw = l.findStatic(VarHandles.class, "twice", MethodType.methodType(int.class, int.class));
        MethodHandle gr = l.findVirtual(VarHandles.class, "greet", MethodType.methodType(String.class, String.class));
        System.out.println("invokeExact " + (int) tw.invokeExact(21) + " invoke " + tw.invoke(Integer.valueOf(4)) + " " + (String) gr.invokeExact(o, "you"));
        MethodHandle bound = gr.bindTo(o);
        System.out.println("bound " + bound.invoke("bound") + " type " + bound.type());
        MethodHandle ctor = l.findConstructor(StringBuilder.class, MethodType.methodType(void.class, String.class));
        System.out.println("constructor " + ctor.invoke("sb").getClass().getSimpleName());
        MethodHandle getter = l.findGetter(VarHandles.class, "x", int.class);
        System.out.println("getter " + (int) getter.invokeExact(o));
        MethodHandle filtered = MethodHandles.filterReturnValue(tw, tw);
        MethodHandle dropped = MethodHandles.dropArguments(tw, 0, String.class);
        System.out.println("combinators " + (int) filtered.invokeExact(3) + " " + (int) dropped.invokeExact("ignored", 5)
            + " " + MethodHandles.constant(String.class, "const").invoke() + " " + MethodHandles.identity(int.class).invoke(8));
        try { int r = (int) tw.invokeExact((Object) 1); System.out.println(r); }
        catch (java.lang.invoke.WrongMethodTypeException e) { System.out.println("invokeExact mismatch: WrongMethodTypeException"); }
        MethodHandle len = l.findVirtual(String.class, "length", MethodType.methodType(int.class));
        int total = 0;
        for (String s : new String[] { "a", "bb", "ccc" }) total += (int) len.invokeExact(s);
        System.out.println("String.length via handle " + total);
    }
}
