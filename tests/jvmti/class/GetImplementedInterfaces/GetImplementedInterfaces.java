// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetImplementedInterfaces: the direct superinterfaces in declaration order, of
// classes (implements) and interfaces (extends); not inherited ones; none for arrays
// (whose Cloneable and Serializable are not declared) and primitives; NULL_POINTER,
// INVALID_CLASS.
import java.io.Serializable;
import java.util.RandomAccess;

public class GetImplementedInterfaces {
    static native void ifaces(String label, Class<?> k);
    static native void errors(Object notAClass);

    interface A {}
    interface B extends A {}
    interface C extends B, Comparable<C>, Runnable {}
    static class Base implements C, Serializable {
        public int compareTo(C o) { return 0; }
        public void run() {}
    }
    static class Derived extends Base implements RandomAccess, A {}
    static class NoInterfaces {}
    enum E { X }
    record R(int x) implements Cloneable {}

    static Class<?> init(Class<?> k) throws Exception {
        return Class.forName(k.getName(), true, k.getClassLoader());
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        ifaces("A", init(A.class));
        ifaces("B", init(B.class));
        ifaces("C", init(C.class));
        ifaces("Base", init(Base.class));
        ifaces("Derived", init(Derived.class));
        ifaces("NoInterfaces", init(NoInterfaces.class));
        ifaces("E", init(E.class));
        ifaces("R", init(R.class));
        ifaces("String", String.class);
        ifaces("Integer", Integer.class);
        ifaces("java.util.ArrayList", java.util.ArrayList.class);
        ifaces("Object", Object.class);
        ifaces("int[]", int[].class);
        ifaces("Base[][]", Base[][].class);
        ifaces("int", int.class);
        ifaces("void", void.class);
        errors("not a class");
    }
}
