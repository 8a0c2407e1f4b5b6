// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// What a tool sees of a redefined class and of its obsolete methods: IsModifiableClass
// (true for ordinary classes, interfaces and java.lang classes; false for primitive
// classes, arrays and hidden classes; its argument errors); an obsolete method still
// running (GetMethodName, GetMaxLocals, GetArgumentsSize, GetBytecodes,
// GetLocalVariableTable, GetLineNumberTable, GetLocalInt of its frame); jmethodIDs and
// jfieldIDs taken before the redefinition, valid afterwards and naming the new versions
// (called through JNI, field values kept and set); GetBytecodes, GetLineNumberTable,
// GetClassVersionNumbers and GetConstantPool answering for the new class file (whose
// version differs from the old one); helpful NullPointerException messages describing
// the new code.
public class RedefineInspect {
    static native void modifiable(String label, Class<?> c);
    static native void argumentErrors(Class<?> c);
    /** Takes Insp's jmethodIDs and jfieldIDs, and prints what a tool sees of version 1. */
    static native void before(Class<?> c);
    static native int redefine(Class<?> c, byte[] bytes);
    /** Inspects the frame two below (Insp.work, obsolete once redefined). */
    static native void inObsolete();
    /** Uses the IDs taken by before() on the new version. */
    static native void after(Class<?> c, Object instance);

    static final class Redefiner implements Runnable {
        final byte[] bytes;

        Redefiner(byte[] bytes) {
            this.bytes = bytes;
        }

        public void run() {
            System.out.println("redefine: " + redefine(Insp.class, bytes));
            inObsolete();
        }
    }

    static void npe() {
        try {
            Insp.npe(null, null);
        } catch (NullPointerException e) {
            System.out.println("NPE: " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        java.util.function.Supplier<String> lambda = () -> "x";
        modifiable("Insp", Insp.class);
        modifiable("String", String.class);
        modifiable("Runnable", Runnable.class);
        modifiable("Object", Object.class);
        modifiable("int", int.class);
        modifiable("void", void.class);
        modifiable("int[]", int[].class);
        modifiable("String[]", String[].class);
        modifiable("lambda (hidden)", lambda.getClass());
        argumentErrors(Insp.class);

        Insp instance = new Insp();
        for (int i = 0; i < 3; i++) // quicken
            System.out.println("v1: calc(5)=" + Insp.calc(5) + " mark=" + Insp.mark());
        npe();
        before(Insp.class);

        byte[] v2 = Redef.versionOf("Insp", "v2");
        v2[6] = 0;
        v2[7] = 60; // class-file version 60.0 (Java 16) instead of 61.0
        System.out.println("work returned " + Insp.work(5, new Redefiner(v2)));

        after(Insp.class, instance);
        for (int i = 0; i < 3; i++)
            System.out.println("v2: calc(5)=" + Insp.calc(5) + " mark=" + Insp.mark());
        System.out.println("v2: work(5)=" + Insp.work(5, () -> { }));
        System.out.println("counter=" + Insp.counter + " value=" + instance.value + " new value=" + new Insp().value);
        npe();
    }
}
