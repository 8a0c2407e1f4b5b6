// jdk.internal.misc.Unsafe natives and what the class library builds on them: field and
// array addressing (never printing the VM-specific offsets), plain/volatile get/put of
// every type, CAS and compare-and-exchange, off-heap memory, bulk copies (with byte
// swapping), allocateInstance, class-init queries, defineClass, throwException,
// park/unpark, the atomics, VarHandles, and ConcurrentHashMap/LongAdder under 2 threads.
// JAVACOPTIONS: --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
// VMOPTIONS: --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.ByteOrder;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import jdk.internal.misc.Unsafe;

public class UnsafeAccess {
    static final Unsafe U = Unsafe.getUnsafe();

    static class Fields {
        boolean z;
        byte b;
        short s;
        char c;
        int i;
        long j;
        float f;
        double d;
        Object l;
        volatile int vi;
        volatile long vj;
        volatile Object vl;
    }

    static class Statics {
        static int si = 7;
        static long sj = 1L << 40;
        static Object sl = "static";
        static double sd = 2.5;
    }

    static class Constructed {
        int x = 42;
        String s = "set by constructor";
        static int constructed;
        Constructed() { constructed++; }
    }

    static class InitMe {
        static { System.out.println("  InitMe.<clinit> runs"); }
        static int v = 5;
    }

    static abstract class Abstract { }
    interface Iface { }

    static class Counter { volatile int count; }

    public static class Defined {
        public String hello() { return "hello from " + getClass().getName(); }
    }

    static class FreshLoader extends ClassLoader {
        FreshLoader() { super(UnsafeAccess.class.getClassLoader()); }
    }

    static void check(String what, boolean ok) {
        System.out.println((ok ? "ok   " : "FAIL ") + what);
    }

    public static void main(String[] args) throws Throwable {
        fieldOffsets();
        plainAndVolatile();
        staticFields();
        arrays();
        casOps();
        offHeap();
        bulkCopies();
        instancesAndClasses();
        defineAndThrow();
        parkUnpark();
        atomics();
        varHandles();
        concurrent();
    }

    static long off(Class<?> c, String name) {
        return U.objectFieldOffset(c, name);
    }

    static void fieldOffsets() throws Exception {
        System.out.println("== field offsets");
        String[] names = {"z", "b", "s", "c", "i", "j", "f", "d", "l", "vi", "vj", "vl"};
        long[] offs = new long[names.length];
        boolean distinct = true, agree = true, aligned = true;
        for (int k = 0; k < names.length; k++) {
            offs[k] = off(Fields.class, names[k]);
            Field f = Fields.class.getDeclaredField(names[k]);
            agree &= U.objectFieldOffset(f) == offs[k];
            long size = f.getType() == long.class || f.getType() == double.class ? 8
                    : f.getType() == int.class || f.getType() == float.class ? 4
                    : f.getType() == short.class || f.getType() == char.class ? 2
                    : f.getType().isPrimitive() ? 1 : 4;
            aligned &= offs[k] % size == 0;
            for (int m = 0; m < k; m++) distinct &= offs[m] != offs[k];
        }
        check("offsets distinct", distinct);
        check("objectFieldOffset(Field) == objectFieldOffset(Class, String)", agree);
        check("offsets naturally aligned", aligned);

        Fields o = new Fields();
        o.i = 0x12345678; o.j = 0x1122334455667788L; o.s = (short) -2; o.c = '\uffee';
        o.b = (byte) -7; o.z = true; o.f = 1.5f; o.d = -0.25; o.l = "ref";
        check("getInt at offset of i", U.getInt(o, off(Fields.class, "i")) == 0x12345678);
        check("getLong at offset of j", U.getLong(o, off(Fields.class, "j")) == 0x1122334455667788L);
        check("getShort sign", U.getShort(o, off(Fields.class, "s")) == -2);
        check("getChar zero-extends", U.getChar(o, off(Fields.class, "c")) == '\uffee');
        check("getByte sign", U.getByte(o, off(Fields.class, "b")) == -7);
        check("getBoolean", U.getBoolean(o, off(Fields.class, "z")));
        check("getFloat", U.getFloat(o, off(Fields.class, "f")) == 1.5f);
        check("getDouble", U.getDouble(o, off(Fields.class, "d")) == -0.25);
        check("getReference", U.getReference(o, off(Fields.class, "l")) == "ref");
        // Mixed widths on one field: the low half of a long (little-endian x86).
        long jo = off(Fields.class, "j");
        check("getInt of long field halves",
                U.getInt(o, jo) == 0x55667788 && U.getInt(o, jo + 4) == 0x11223344);

        try {
            U.objectFieldOffset(Fields.class, "nope");
            check("missing field throws", false);
        } catch (InternalError e) {
            check("missing field throws InternalError", true);
        }
        try {
            U.objectFieldOffset(Statics.class.getDeclaredField("si"));
            check("static field via objectFieldOffset throws", false);
        } catch (IllegalArgumentException e) {
            check("static field via objectFieldOffset: IllegalArgumentException", true);
        }
        try {
            U.staticFieldOffset(Fields.class.getDeclaredField("i"));
            check("instance field via staticFieldOffset throws", false);
        } catch (IllegalArgumentException e) {
            check("instance field via staticFieldOffset: IllegalArgumentException", true);
        }
    }

    static void plainAndVolatile() {
        System.out.println("== put/get round trips");
        Fields o = new Fields();
        long z = off(Fields.class, "z"), b = off(Fields.class, "b"), s = off(Fields.class, "s"),
             c = off(Fields.class, "c"), i = off(Fields.class, "i"), j = off(Fields.class, "j"),
             f = off(Fields.class, "f"), d = off(Fields.class, "d"), l = off(Fields.class, "l");
        U.putBoolean(o, z, true); U.putByte(o, b, (byte) 0x80); U.putShort(o, s, (short) 0x8001);
        U.putChar(o, c, '\u8001'); U.putInt(o, i, -5); U.putLong(o, j, Long.MIN_VALUE + 3);
        U.putFloat(o, f, Float.intBitsToFloat(0x7fc00123)); U.putDouble(o, d, Math.PI);
        Object obj = new Object();
        U.putReference(o, l, obj);
        System.out.println("  fields: " + o.z + " " + o.b + " " + o.s + " " + (int) o.c + " " + o.i
                + " " + o.j + " " + Integer.toHexString(Float.floatToRawIntBits(o.f)) + " " + o.d
                + " " + (o.l == obj));
        check("NaN payload kept through putFloat",
                U.getInt(o, f) == 0x7fc00123 && Float.floatToRawIntBits(U.getFloat(o, f)) == 0x7fc00123);

        U.putBooleanVolatile(o, z, false); U.putByteVolatile(o, b, (byte) 3);
        U.putShortVolatile(o, s, (short) 4); U.putCharVolatile(o, c, 'x');
        U.putIntVolatile(o, i, 6); U.putLongVolatile(o, j, 7L << 33);
        U.putFloatVolatile(o, f, -1f); U.putDoubleVolatile(o, d, 1e300);
        U.putReferenceVolatile(o, l, "v");
        System.out.println("  volatile: " + U.getBooleanVolatile(o, z) + " " + U.getByteVolatile(o, b)
                + " " + U.getShortVolatile(o, s) + " " + U.getCharVolatile(o, c) + " "
                + U.getIntVolatile(o, i) + " " + U.getLongVolatile(o, j) + " "
                + U.getFloatVolatile(o, f) + " " + U.getDoubleVolatile(o, d) + " "
                + U.getReferenceVolatile(o, l));
        U.putIntRelease(o, off(Fields.class, "vi"), 11);
        U.putLongOpaque(o, off(Fields.class, "vj"), 12);
        U.putReferenceRelease(o, off(Fields.class, "vl"), "rel");
        System.out.println("  release/opaque: " + U.getIntAcquire(o, off(Fields.class, "vi")) + " "
                + U.getLongOpaque(o, off(Fields.class, "vj")) + " "
                + U.getReferenceAcquire(o, off(Fields.class, "vl")));
        U.loadFence(); U.storeFence(); U.fullFence();
        check("fences return", true);
    }

    static void staticFields() throws Exception {
        System.out.println("== static fields");
        Field si = Statics.class.getDeclaredField("si");
        Field sj = Statics.class.getDeclaredField("sj");
        Field sl = Statics.class.getDeclaredField("sl");
        Field sd = Statics.class.getDeclaredField("sd");
        U.ensureClassInitialized(Statics.class);
        Object base = U.staticFieldBase(si);
        check("one base for all statics of a class",
                base == U.staticFieldBase(sj) && base == U.staticFieldBase(sl));
        check("getInt static", U.getInt(base, U.staticFieldOffset(si)) == 7);
        check("getLong static", U.getLong(base, U.staticFieldOffset(sj)) == 1L << 40);
        check("getReference static", U.getReference(base, U.staticFieldOffset(sl)) == "static");
        check("getDouble static", U.getDouble(base, U.staticFieldOffset(sd)) == 2.5);
        U.putInt(base, U.staticFieldOffset(si), 70);
        U.putReferenceVolatile(base, U.staticFieldOffset(sl), "changed");
        System.out.println("  after puts: " + Statics.si + " " + Statics.sl);
    }

    static void arrays() {
        System.out.println("== arrays");
        Class<?>[] types = {boolean[].class, byte[].class, short[].class, char[].class,
            int[].class, long[].class, float[].class, double[].class};
        StringBuilder sb = new StringBuilder("  scales:");
        boolean baseAligned = true;
        for (Class<?> t : types) {
            int scale = U.arrayIndexScale(t);
            sb.append(' ').append(t.getComponentType()).append('=').append(scale);
            baseAligned &= U.arrayBaseOffset(t) % scale == 0;
        }
        System.out.println(sb);
        int refScale = U.arrayIndexScale(Object[].class);
        check("reference scale is 4 or 8", refScale == 4 || refScale == 8);
        check("String[] scale == Object[] scale", U.arrayIndexScale(String[].class) == refScale);
        check("bases aligned to scale", baseAligned);
        check("constants match", Unsafe.ARRAY_INT_BASE_OFFSET == U.arrayBaseOffset(int[].class)
                && Unsafe.ARRAY_LONG_INDEX_SCALE == 8);

        int[] ia = {10, 20, 30, 40};
        long ib = U.arrayBaseOffset(int[].class), is = U.arrayIndexScale(int[].class);
        check("getInt element 2", U.getInt(ia, ib + 2 * is) == 30);
        U.putInt(ia, ib + 3 * is, -40);
        check("putInt element 3", ia[3] == -40);
        long[] la = new long[3];
        U.putLongVolatile(la, Unsafe.ARRAY_LONG_BASE_OFFSET + 8, 99L);
        check("putLongVolatile element 1", la[1] == 99L);
        Object[] oa = {"a", "b", "c"};
        long ob = U.arrayBaseOffset(Object[].class);
        check("getReference element 1", U.getReference(oa, ob + refScale) == "b");
        U.putReference(oa, ob + 2L * refScale, "z");
        check("putReference element 2", oa[2] == "z");
        boolean[] za = new boolean[2];
        U.putBoolean(za, Unsafe.ARRAY_BOOLEAN_BASE_OFFSET + 1, true);
        check("putBoolean element", !za[0] && za[1]);
        double[] da = {1.0, 2.0};
        check("getDouble element", U.getDouble(da, Unsafe.ARRAY_DOUBLE_BASE_OFFSET + 8) == 2.0);

        // Mixed-width and unaligned access inside byte arrays (ArraysSupport, byte views).
        byte[] bytes = new byte[16];
        for (int k = 0; k < 16; k++) bytes[k] = (byte) (k * 17);
        long bb = Unsafe.ARRAY_BYTE_BASE_OFFSET;
        System.out.println("  long LE @0: " + Long.toHexString(U.getLong(bytes, bb)));
        System.out.println("  long unaligned BE @3: " + Long.toHexString(U.getLongUnaligned(bytes, bb + 3, true)));
        System.out.println("  int unaligned LE @5: " + Integer.toHexString(U.getIntUnaligned(bytes, bb + 5, false)));
        System.out.println("  char unaligned BE @1: " + Integer.toHexString(U.getCharUnaligned(bytes, bb + 1, true)));
        U.putLongUnaligned(bytes, bb + 1, 0x0102030405060708L, true);
        U.putShortUnaligned(bytes, bb + 11, (short) 0xabcd, false);
        StringBuilder hex = new StringBuilder("  bytes:");
        for (byte x : bytes) hex.append(' ').append(Integer.toHexString(x & 0xff));
        System.out.println(hex);
        char[] chars = "Hello".toCharArray();
        check("getChar in char[]", U.getChar(chars, Unsafe.ARRAY_CHAR_BASE_OFFSET + 2L * 4) == 'o');
        check("getInt across two chars",
                U.getInt(chars, Unsafe.ARRAY_CHAR_BASE_OFFSET) == ('e' << 16 | 'H'));
    }

    static void casOps() {
        System.out.println("== compare-and-set / exchange");
        Fields o = new Fields();
        long i = off(Fields.class, "vi"), j = off(Fields.class, "vj"), l = off(Fields.class, "vl");
        check("casInt success", U.compareAndSetInt(o, i, 0, 5) && o.vi == 5);
        check("casInt failure", !U.compareAndSetInt(o, i, 0, 6) && o.vi == 5);
        check("caeInt witness on failure", U.compareAndExchangeInt(o, i, 1, 9) == 5 && o.vi == 5);
        check("caeInt witness on success", U.compareAndExchangeInt(o, i, 5, 9) == 5 && o.vi == 9);
        check("casLong success", U.compareAndSetLong(o, j, 0L, Long.MAX_VALUE) && o.vj == Long.MAX_VALUE);
        check("casLong failure", !U.compareAndSetLong(o, j, 0L, 1L));
        check("caeLong", U.compareAndExchangeLong(o, j, Long.MAX_VALUE, -1L) == Long.MAX_VALUE && o.vj == -1L);
        String a = new String("a"), b = new String("a");
        check("casRef from null", U.compareAndSetReference(o, l, null, a) && o.vl == a);
        check("casRef compares identity", !U.compareAndSetReference(o, l, b, "x") && o.vl == a);
        check("caeRef", U.compareAndExchangeReference(o, l, a, b) == a && o.vl == b);
        check("weakCas (retry loop)", weakCas(o, i));
        check("getAndAddInt", U.getAndAddInt(o, i, 3) == 10 && o.vi == 13);
        check("getAndSetLong", U.getAndSetLong(o, j, 4L) == -1L && o.vj == 4L);
        check("getAndSetReference", U.getAndSetReference(o, l, null) == b && o.vl == null);
        check("getAndBitwiseOrInt", U.getAndBitwiseOrInt(o, i, 0x100) == 13 && o.vi == 0x10d);

        // Sub-word CAS is Java code on top of compareAndExchangeInt.
        byte[] bs = {1, 2, 3, 4, 5};
        check("casByte", U.compareAndSetByte(bs, Unsafe.ARRAY_BYTE_BASE_OFFSET + 2, (byte) 3, (byte) -3)
                && bs[2] == -3 && bs[1] == 2 && bs[3] == 4);
        short[] ss = {1, 2, 3};
        check("caeShort", U.compareAndExchangeShort(ss, Unsafe.ARRAY_SHORT_BASE_OFFSET + 2, (short) 2, (short) 200) == 2
                && ss[1] == 200 && ss[0] == 1 && ss[2] == 3);
        boolean[] zs = {false, true};
        check("casBoolean", U.compareAndSetBoolean(zs, Unsafe.ARRAY_BOOLEAN_BASE_OFFSET, false, true) && zs[0] && zs[1]);
        long[] ls = {0, 0};
        check("getAndAddLong on array", U.getAndAddLong(ls, Unsafe.ARRAY_LONG_BASE_OFFSET + 8, 5) == 0 && ls[1] == 5);
        double[] ds = {1.0};
        check("casDouble (bits)", U.compareAndSetDouble(ds, Unsafe.ARRAY_DOUBLE_BASE_OFFSET, 1.0, 2.0) && ds[0] == 2.0);
    }

    static boolean weakCas(Fields o, long off) {
        int v;
        do { v = U.getIntVolatile(o, off); } while (!U.weakCompareAndSetInt(o, off, v, v + 1));
        return o.vi == 10;
    }

    static void offHeap() {
        System.out.println("== off-heap memory");
        long p = U.allocateMemory(64);
        check("allocateMemory non-zero", p != 0);
        U.setMemory(p, 64, (byte) 0x5a);
        check("setMemory", U.getLong(p + 8) == 0x5a5a5a5a5a5a5a5aL && U.getByte(p + 63) == 0x5a);
        U.putLong(p, 0x0123456789abcdefL);
        U.putInt(p + 8, -1);
        U.putShort(p + 12, (short) 7);
        U.putByte(p + 14, (byte) 9);
        U.putDouble(p + 16, 6.5);
        U.putFloat(p + 24, 0.5f);
        U.putChar(p + 28, 'q');
        check("absolute get/put", U.getLong(p) == 0x0123456789abcdefL && U.getInt(p + 8) == -1
                && U.getShort(p + 12) == 7 && U.getByte(p + 14) == 9 && U.getDouble(p + 16) == 6.5
                && U.getFloat(p + 24) == 0.5f && U.getChar(p + 28) == 'q');
        check("null base means absolute", U.getLong(null, p) == 0x0123456789abcdefL);
        check("volatile absolute", U.getIntVolatile(null, p + 8) == -1);
        check("cas absolute", U.compareAndSetLong(null, p, 0x0123456789abcdefL, 3L) && U.getLong(p) == 3L);
        long q = U.reallocateMemory(p, 4096);
        check("reallocateMemory keeps contents", q != 0 && U.getLong(q) == 3L && U.getDouble(q + 16) == 6.5);
        U.setMemory(q + 64, 4096 - 64, (byte) 0);
        check("setMemory large", U.getLong(q + 4088) == 0);
        U.freeMemory(q);
        check("allocate 0 gives 0", U.allocateMemory(0) == 0);
        U.freeMemory(0);
        try {
            U.allocateMemory(-1);
            check("negative size throws", false);
        } catch (IllegalArgumentException e) {
            check("negative size: IllegalArgumentException", true);
        }
        double[] la = new double[3];
        int n = U.getLoadAverage(la, 3);
        check("getLoadAverage gives 3 non-negative samples", n == 3 && la[0] >= 0 && la[1] >= 0 && la[2] >= 0);
        check("getLoadAverage with 0 samples", U.getLoadAverage(la, 0) == 0);
    }

    static void bulkCopies() {
        System.out.println("== copyMemory / copySwapMemory");
        int[] src = new int[8];
        for (int k = 0; k < 8; k++) src[k] = k * 0x01010101;
        int[] dst = new int[8];
        U.copyMemory(src, Unsafe.ARRAY_INT_BASE_OFFSET, dst, Unsafe.ARRAY_INT_BASE_OFFSET + 4, 6 * 4);
        System.out.println("  int copy: " + java.util.Arrays.toString(dst));
        long mem = U.allocateMemory(64);
        U.copyMemory(src, Unsafe.ARRAY_INT_BASE_OFFSET, null, mem, 32);
        byte[] back = new byte[32];
        U.copyMemory(null, mem, back, Unsafe.ARRAY_BYTE_BASE_OFFSET, 32);
        System.out.println("  heap->raw->heap bytes 4..11: " + back[4] + " " + back[5] + " " + back[8] + " " + back[11]);
        // Overlapping copies in both directions, in every unit size.
        byte[] ov = new byte[16];
        for (int k = 0; k < 16; k++) ov[k] = (byte) k;
        U.copyMemory(ov, Unsafe.ARRAY_BYTE_BASE_OFFSET, ov, Unsafe.ARRAY_BYTE_BASE_OFFSET + 3, 10);
        System.out.println("  overlap forward (bytes): " + java.util.Arrays.toString(ov));
        long[] lo = {1, 2, 3, 4, 5, 6};
        U.copyMemory(lo, Unsafe.ARRAY_LONG_BASE_OFFSET + 8, lo, Unsafe.ARRAY_LONG_BASE_OFFSET, 32);
        System.out.println("  overlap backward-safe (longs): " + java.util.Arrays.toString(lo));
        long[] lo2 = {1, 2, 3, 4, 5, 6};
        U.copyMemory(lo2, Unsafe.ARRAY_LONG_BASE_OFFSET, lo2, Unsafe.ARRAY_LONG_BASE_OFFSET + 8, 32);
        System.out.println("  overlap forward (longs): " + java.util.Arrays.toString(lo2));
        short[] so = {1, 2, 3, 4, 5};
        U.copyMemory(so, Unsafe.ARRAY_SHORT_BASE_OFFSET, so, Unsafe.ARRAY_SHORT_BASE_OFFSET + 2, 6);
        System.out.println("  overlap forward (shorts): " + java.util.Arrays.toString(so));

        short[] s16 = {0x0102, 0x0304, (short) 0xa0b0};
        short[] d16 = new short[3];
        U.copySwapMemory(s16, Unsafe.ARRAY_SHORT_BASE_OFFSET, d16, Unsafe.ARRAY_SHORT_BASE_OFFSET, 6, 2);
        System.out.println("  swap16: " + Integer.toHexString(d16[0] & 0xffff) + " "
                + Integer.toHexString(d16[1] & 0xffff) + " " + Integer.toHexString(d16[2] & 0xffff));
        int[] s32 = {0x01020304, 0xa1b2c3d4};
        U.copySwapMemory(s32, Unsafe.ARRAY_INT_BASE_OFFSET, null, mem, 8, 4);
        System.out.println("  swap32 to raw: " + Integer.toHexString(U.getInt(mem)) + " "
                + Integer.toHexString(U.getInt(mem + 4)));
        long[] d64 = new long[2];
        U.putLong(mem, 0x0102030405060708L);
        U.putLong(mem + 8, -2L);
        U.copySwapMemory(null, mem, d64, Unsafe.ARRAY_LONG_BASE_OFFSET, 16, 8);
        System.out.println("  swap64 from raw: " + Long.toHexString(d64[0]) + " " + Long.toHexString(d64[1]));
        U.freeMemory(mem);
    }

    static void instancesAndClasses() throws Exception {
        System.out.println("== allocateInstance and class initialization");
        Constructed c = (Constructed) U.allocateInstance(Constructed.class);
        System.out.println("  fields without constructor: " + c.x + " " + c.s + " constructed=" + Constructed.constructed);
        Class<?>[] bad = {Abstract.class, Iface.class, int[].class, int.class, Class.class};
        for (Class<?> k : bad) {
            try {
                U.allocateInstance(k);
                System.out.println("  " + k + ": no exception");
            } catch (Exception e) {
                System.out.println("  " + k.getName() + ": " + e);
            }
        }
        System.out.println("  shouldBeInitialized(InitMe) " + U.shouldBeInitialized(InitMe.class));
        U.ensureClassInitialized(InitMe.class);
        System.out.println("  shouldBeInitialized(InitMe) " + U.shouldBeInitialized(InitMe.class)
                + " v=" + InitMe.v);
        System.out.println("  shouldBeInitialized(int[]) " + U.shouldBeInitialized(int[].class)
                + ", (int) " + U.shouldBeInitialized(int.class)
                + ", (String) " + U.shouldBeInitialized(String.class));
        U.ensureClassInitialized(long[].class);
        Object o = U.allocateInstance(java.util.ArrayList.class);
        check("allocateInstance of a JDK class", o instanceof java.util.ArrayList);
    }

    static void defineAndThrow() throws Exception {
        System.out.println("== defineClass and throwException");
        byte[] bytes;
        try (InputStream in = UnsafeAccess.class.getResourceAsStream("UnsafeAccess$Defined.class")) {
            bytes = in.readAllBytes();
        }
        byte[] padded = new byte[bytes.length + 7];
        System.arraycopy(bytes, 0, padded, 3, bytes.length);
        FreshLoader loader = new FreshLoader();
        Class<?> k = U.defineClass("UnsafeAccess$Defined", padded, 3, bytes.length, loader, null);
        check("defined class is distinct", k != Defined.class && k.getName().equals(Defined.class.getName()));
        check("defining loader", k.getClassLoader() == loader);
        Object inst = k.getDeclaredConstructor().newInstance();
        System.out.println("  " + k.getMethod("hello").invoke(inst));
        try {
            U.defineClass("UnsafeAccess$Defined", bytes, 0, bytes.length, loader, null);
            System.out.println("  duplicate: no exception");
        } catch (LinkageError e) {
            System.out.println("  duplicate: " + e.getClass().getName());
        }
        try {
            U.defineClass("Wrong", bytes, 0, bytes.length, new FreshLoader(), null);
            System.out.println("  wrong name: no exception");
        } catch (NoClassDefFoundError e) {
            System.out.println("  wrong name: " + e.getClass().getName());
        }
        try {
            U.defineClass(null, bytes, 0, bytes.length + 1, new FreshLoader(), null);
            System.out.println("  bad length: no exception");
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("  bad length: " + e.getClass().getName());
        }
        try {
            U.throwException(new java.io.IOException("checked, undeclared"));
            System.out.println("  throwException: nothing thrown");
        } catch (Throwable t) {
            System.out.println("  throwException: " + t);
        }
    }

    static volatile boolean parked, woken;

    static void parkUnpark() throws Exception {
        System.out.println("== park / unpark");
        LockSupport.unpark(Thread.currentThread());
        long t0 = System.nanoTime();
        LockSupport.park();          // the permit is available: returns at once
        check("park consumes a pending permit", System.nanoTime() - t0 < 5_000_000_000L);
        t0 = System.nanoTime();
        LockSupport.parkNanos(20_000_000L);
        check("parkNanos times out", System.nanoTime() - t0 >= 10_000_000L);
        LockSupport.parkUntil(System.currentTimeMillis() - 1000); // deadline in the past
        check("parkUntil in the past returns", true);
        LockSupport.unpark(null);
        Thread notStarted = new Thread();
        LockSupport.unpark(notStarted);
        check("unpark of null / unstarted thread is harmless", true);

        // Without a working unpark this hangs (and the runner's timeout fails the test);
        // spurious wakeups are allowed, hence the loop on `woken`.
        final Thread main = Thread.currentThread();
        Thread waker = new Thread() {
            public void run() {
                while (!parked) Thread.onSpinWait();
                woken = true;
                LockSupport.unpark(main);
            }
        };
        waker.start();
        parked = true;
        while (!woken) LockSupport.park();
        waker.join();
        check("unpark from another thread", true);

        Thread.currentThread().interrupt();
        LockSupport.park();
        check("park returns when interrupted and keeps the flag", Thread.interrupted());
    }

    static void atomics() throws Exception {
        System.out.println("== java.util.concurrent.atomic");
        AtomicInteger ai = new AtomicInteger(5);
        System.out.println("  AtomicInteger: " + ai.incrementAndGet() + " " + ai.getAndAdd(10) + " "
                + ai.compareAndSet(16, 1) + " " + ai.compareAndSet(16, 2) + " " + ai.get()
                + " " + ai.getAndSet(-1) + " " + ai.accumulateAndGet(3, MAX));
        AtomicLong al = new AtomicLong(Long.MAX_VALUE);
        System.out.println("  AtomicLong: " + al.incrementAndGet() + " " + al.compareAndExchange(Long.MIN_VALUE, 7)
                + " " + al.get() + " " + al.addAndGet(-8));
        AtomicReference<String> ar = new AtomicReference<>("x");
        System.out.println("  AtomicReference: " + ar.compareAndSet("x", "y") + " " + ar.getAndSet("z")
                + " " + ar.get() + " " + ar.weakCompareAndSetVolatile("z", "w") + " " + ar.get());
        AtomicIntegerArray aia = new AtomicIntegerArray(4);
        aia.set(1, 10); aia.addAndGet(2, 5); aia.compareAndSet(3, 0, 9); aia.getAndIncrement(0);
        System.out.println("  AtomicIntegerArray: " + aia);
        AtomicLongArray ala = new AtomicLongArray(new long[] {1, 2, 3});
        ala.getAndAdd(2, 1L << 40);
        System.out.println("  AtomicLongArray: " + ala);
        AtomicReferenceArray<String> ara = new AtomicReferenceArray<>(3);
        ara.compareAndSet(1, null, "one"); ara.lazySet(2, "two");
        System.out.println("  AtomicReferenceArray: " + ara);
        AtomicIntegerFieldUpdater<Counter> up = AtomicIntegerFieldUpdater.newUpdater(Counter.class, "count");
        Counter cnt = new Counter();
        up.incrementAndGet(cnt); up.addAndGet(cnt, 4); up.compareAndSet(cnt, 5, 50);
        System.out.println("  AtomicIntegerFieldUpdater: " + cnt.count);
        LongAdder adder = new LongAdder();
        adder.add(3); adder.increment();
        System.out.println("  LongAdder: " + adder.sum());
    }

    static final java.util.function.IntBinaryOperator MAX = new java.util.function.IntBinaryOperator() {
        public int applyAsInt(int a, int b) { return Math.max(a, b); }
    };

    static int vhField;
    int vhInstance;

    static void varHandles() throws Exception {
        System.out.println("== VarHandles");
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        VarHandle inst = lookup.findVarHandle(UnsafeAccess.class, "vhInstance", int.class);
        VarHandle stat = lookup.findStaticVarHandle(UnsafeAccess.class, "vhField", int.class);
        UnsafeAccess o = new UnsafeAccess();
        inst.set(o, 3);
        System.out.println("  instance: " + (int) inst.get(o) + " " + inst.compareAndSet(o, 3, 4) + " "
                + inst.compareAndSet(o, 3, 5) + " " + (int) inst.getAndAdd(o, 10) + " " + o.vhInstance
                + " " + (int) inst.getAcquire(o) + " " + (int) inst.compareAndExchange(o, 14, 1));
        stat.setVolatile(8);
        System.out.println("  static: " + (int) stat.getVolatile() + " " + (int) stat.getAndBitwiseXor(1) + " " + vhField);
        VarHandle arr = MethodHandles.arrayElementVarHandle(long[].class);
        long[] la = new long[3];
        arr.setRelease(la, 1, 77L);
        System.out.println("  long[] element: " + (long) arr.getVolatile(la, 1) + " "
                + arr.compareAndSet(la, 2, 0L, 5L) + " " + java.util.Arrays.toString(la));
        VarHandle oarr = MethodHandles.arrayElementVarHandle(String[].class);
        String[] sa = {"p", "q"};
        System.out.println("  String[] element: " + (String) oarr.getAndSet(sa, 0, "r") + " " + sa[0]);
        try {
            arr.get(la, 3);
            System.out.println("  out of bounds: no exception");
        } catch (IndexOutOfBoundsException e) {
            System.out.println("  out of bounds: " + e.getClass().getName());
        }
        VarHandle view = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
        byte[] bytes = new byte[12];
        view.set(bytes, 4, 0x11223344);
        VarHandle viewLE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
        viewLE.set(bytes, 3, 0x0807060504030201L);   // unaligned: plain access only
        System.out.println("  byte view: " + java.util.Arrays.toString(bytes) + " "
                + Integer.toHexString((int) view.get(bytes, 4)));
    }

    static final BiFunction<Integer, Integer, Integer> SUM = new BiFunction<Integer, Integer, Integer>() {
        public Integer apply(Integer a, Integer b) { return a + b; }
    };

    static void concurrent() throws Exception {
        System.out.println("== two threads");
        final ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();
        final LongAdder adder = new LongAdder();
        final AtomicLong atomic = new AtomicLong();
        final Counter plainCas = new Counter();
        final long countOff = U.objectFieldOffset(Counter.class, "count");
        final int n = 20000;
        Thread[] ts = new Thread[2];
        for (int k = 0; k < 2; k++) {
            final int id = k;
            ts[k] = new Thread() {
                public void run() {
                    for (int i = 0; i < n; i++) {
                        map.merge(i % 64, 1, SUM);
                        map.put(1000 + id * n + i, i);
                        adder.increment();
                        atomic.addAndGet(2);
                        int v;
                        do { v = plainCas.count; } while (!U.compareAndSetInt(plainCas, countOff, v, v + 1));
                    }
                }
            };
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        long total = 0;
        for (int i = 0; i < 64; i++) total += map.get(i);
        System.out.println("  map size " + map.size() + ", merged total " + total
                + ", adder " + adder.sum() + ", atomic " + atomic.get() + ", cas counter " + plainCas.count);
    }
}
