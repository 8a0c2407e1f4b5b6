// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassMethods: declared methods, constructors and <clinit> of classes,
// interfaces, enums, records, a hidden class and JDK classes; in class-file order with
// can_maintain_original_method_order, as a set without it; none for arrays and
// primitives; NULL_POINTER, INVALID_CLASS.
import java.lang.invoke.MethodHandles;

public class GetClassMethods {
    static native void methods(String label, Class<?> k);
    static native void errors(Object notAClass);

    static abstract class Sample {
        static int counter;
        static { counter = 3; }
        Sample() {}
        Sample(int x) { this(); }
        abstract void abstractOne();
        native int nativeOne(long j);
        static String staticOne(String s, int[] a) { return s; }
        private synchronized void privateOne() {}
        public <T> T generic(T t) { return t; }
        void zLast() {}
        void aLater() {}
    }
    interface Api {
        int CONSTANT = 1;
        void abstractOne();
        default int defaultOne() { return 1; }
        static Api make() { return null; }
        private void privateHelper() {}
    }
    interface NoMethods {}
    enum Color { RED, GREEN; int code() { return ordinal(); } }
    record Point(int x, int y) { Point { if (x < 0) throw new IllegalArgumentException(); } }
    class Inner { void f() { methods("never", null); } }

    // Initialized, hence prepared: HotSpot prepares a class only when it links it, and
    // a class literal alone loads without linking (GetClassMethods: CLASS_NOT_PREPARED).
    static Class<?> init(Class<?> k) throws Exception {
        return Class.forName(k.getName(), true, k.getClassLoader());
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        methods("Sample", init(Sample.class));
        methods("Api", init(Api.class));
        methods("NoMethods", init(NoMethods.class));
        methods("Color", init(Color.class));
        methods("Point", init(Point.class));
        methods("Inner", init(Inner.class));
        methods("Object", Object.class);
        methods("Runnable", Runnable.class);
        methods("Integer", Integer.class);
        byte[] bytes;
        try (var in = GetClassMethods.class.getResourceAsStream("GetClassMethods$Sample.class")) {
            bytes = in.readAllBytes();
        }
        methods("hidden", MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass());
        methods("int[]", int[].class);
        methods("Sample[][]", Sample[][].class);
        methods("int", int.class);
        methods("void", void.class);
        errors("not a class");
    }
}
