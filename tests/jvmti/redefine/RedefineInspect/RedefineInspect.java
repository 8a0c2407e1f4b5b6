// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// What a tool sees of a redefined class and of its obsolete methods: IsModifiableClass
// (true for ordinary classes, interfaces and java.lang classes; false for primitive
// classes, arrays and hidden classes; its argument errors); an obsolete method still
// running (GetMethodName, GetMaxLocals, GetArgumentsSize, GetBytecodes,
// GetLocalVariableTable, GetLineNumberTable, GetLocalInt of its frame, a breakpoint in it); jmethodIDs and
// jfieldIDs taken before the redefinition, valid afterwards and naming the new versions
// (called through JNI, field values kept and set); GetBytecodes, GetLineNumberTable,
// GetClassVersionNumbers and GetConstantPool answering for the new class file (whose
// version differs from the old one) and GetSourceDebugExtension (the new class file has
// one, the old had none); helpful NullPointerException messages describing the new
// code; a breakpoint in the class cleared by the redefinition; no ClassLoad or
// ClassPrepare event for the redefinition.
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
        System.out.println("calc(1) with a breakpoint set: " + Insp.calc(1));

        byte[] v2 = Redef.versionOf("Insp", "v2");
        v2[6] = 0;
        v2[7] = 60; // class-file version 60.0 (Java 16) instead of 61.0
        v2 = withSourceDebugExtension(v2, "SMAP\nInsp.jsp\nJSP\n*E\n");
        System.out.println("work returned " + Insp.work(5, new Redefiner(v2)));
        for (int i = 0; i < 3; i++) System.gc(); // the old version goes, with its breakpoint

        after(Insp.class, instance);
        for (int i = 0; i < 3; i++)
            System.out.println("v2: calc(5)=" + Insp.calc(5) + " mark=" + Insp.mark());
        System.out.println("v2: work(5)=" + Insp.work(5, () -> { }));
        System.out.println("counter=" + Insp.counter + " value=" + instance.value + " new value=" + new Insp().value);
        npe();
    }

    /** b with a SourceDebugExtension attribute `sde` (javac cannot write one): its name
     *  becomes a new last constant, so no other index changes. */
    static byte[] withSourceDebugExtension(byte[] b, String sde) {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(b);
        int count = in.getShort(8) & 0xffff;
        in.position(10);
        for (int i = 1; i < count; i++) {
            int tag = in.get() & 0xff;
            switch (tag) {
            case 1: in.position(in.position() + 2 + (in.getShort() & 0xffff)); break;
            case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: in.position(in.position() + 4); break;
            case 5: case 6: in.position(in.position() + 8); i++; break;
            case 7: case 8: case 16: case 19: case 20: in.position(in.position() + 2); break;
            case 15: in.position(in.position() + 3); break;
            default: throw new IllegalStateException("constant tag " + tag);
            }
        }
        int poolEnd = in.position();
        in.position(poolEnd + 6);
        int interfaces = in.getShort() & 0xffff;
        in.position(in.position() + 2 * interfaces);
        for (int members = 0; members < 2; members++) { // fields, methods
            int n = in.getShort() & 0xffff;
            for (int i = 0; i < n; i++) {
                in.position(in.position() + 6);
                int attrs = in.getShort() & 0xffff;
                for (int a = 0; a < attrs; a++) in.position(in.position() + 2 + 4 + in.getInt(in.position() + 2));
            }
        }
        int attrCountAt = in.position();
        byte[] name = "SourceDebugExtension".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] data = sde.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(b.length + 3 + name.length + 6 + data.length);
        out.put(b, 0, poolEnd).putShort(8, (short) (count + 1));
        out.put((byte) 1).putShort((short) name.length).put(name);
        out.put(b, poolEnd, attrCountAt - poolEnd);
        out.putShort((short) ((in.getShort(attrCountAt) & 0xffff) + 1));
        out.put(b, attrCountAt + 2, b.length - attrCountAt - 2);
        out.putShort((short) count).putInt(data.length).put(data);
        return out.array();
    }
}
