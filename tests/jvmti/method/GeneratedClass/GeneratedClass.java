// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The Method functions on a class whose bytes this program writes itself, to reach
// class-file shapes javac's defaults do not produce: a method without a LineNumberTable
// (javac -g:none), an empty LineNumberTable, two LineNumberTable attributes in one Code
// attribute (JVMS 4.7.12 allows any number), and the Synthetic attribute (JVMS 4.7.8)
// instead of the ACC_SYNTHETIC flag, on an abstract and on a concrete method.
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Method;

public class GeneratedClass {
    static native void describe(Method m);

    static final String[] UTF8 = {
        null, "Generated", null, "java/lang/Object", null, "Code", "LineNumberTable", "Synthetic",
        "noLines", "()I", "emptyLines", "(I)I", "twoTables", "(IJ)I", "synAttr", "()V", "synAttrCode",
    };

    static ByteArrayOutputStream buf;
    static DataOutputStream out;

    /** A Code attribute; lines: one int[] of (pc, line) pairs per LineNumberTable attribute. */
    static byte[] code(int maxStack, int maxLocals, int[] bytecodes, int[]... lines) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        d.writeShort(maxStack);
        d.writeShort(maxLocals);
        d.writeInt(bytecodes.length);
        for (int x : bytecodes) d.writeByte(x);
        d.writeShort(0); // exception table
        d.writeShort(lines.length);
        for (int[] table : lines) {
            d.writeShort(6); // "LineNumberTable"
            d.writeInt(2 + 2 * table.length);
            d.writeShort(table.length / 2);
            for (int x : table) d.writeShort(x);
        }
        return b.toByteArray();
    }

    static void method(int access, int name, int desc, byte[] code, boolean synthetic) throws IOException {
        out.writeShort(access);
        out.writeShort(name);
        out.writeShort(desc);
        out.writeShort((code != null ? 1 : 0) + (synthetic ? 1 : 0));
        if (code != null) {
            out.writeShort(5); // "Code"
            out.writeInt(code.length);
            out.write(code);
        }
        if (synthetic) {
            out.writeShort(7); // "Synthetic"
            out.writeInt(0);
        }
    }

    static byte[] generate() throws IOException {
        buf = new ByteArrayOutputStream();
        out = new DataOutputStream(buf);
        out.writeInt(0xCAFEBABE);
        out.writeShort(0);
        out.writeShort(52);
        out.writeShort(UTF8.length);
        for (int i = 1; i < UTF8.length; i++) {
            if (UTF8[i] == null) {
                out.writeByte(7); // CONSTANT_Class naming the previous Utf8
                out.writeShort(i - 1);
            } else {
                out.writeByte(1);
                out.writeUTF(UTF8[i]);
            }
        }
        out.writeShort(0x0421); // public super abstract
        out.writeShort(2);
        out.writeShort(4);
        out.writeShort(0); // interfaces
        out.writeShort(0); // fields
        out.writeShort(5);
        method(0x0009, 8, 9, code(1, 0, new int[] {0x10, 7, 0xac}), false);
        method(0x0009, 10, 11, code(1, 1, new int[] {0x1a, 0xac}, new int[] {}), false);
        method(0x0009, 12, 13, code(2, 3, new int[] {0x1a, 0x04, 0x60, 0xac},
                                    new int[] {0, 10}, new int[] {2, 11, 3, 12}), false);
        method(0x0401, 14, 15, null, true);
        method(0x0009, 16, 15, code(0, 0, new int[] {0xb1}, new int[] {0, 20}), true);
        out.writeShort(0); // class attributes
        return buf.toByteArray();
    }

    static final class Loader extends ClassLoader {
        Loader() { super(GeneratedClass.class.getClassLoader()); }

        Class<?> define(byte[] b) { return defineClass("Generated", b, 0, b.length); }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Class<?> c = new Loader().define(generate());
        System.out.println(c.getMethod("noLines").invoke(null) + " " + c.getMethod("emptyLines", int.class).invoke(null, 5)
            + " " + c.getMethod("twoTables", int.class, long.class).invoke(null, 4, 0L));
        c.getMethod("synAttrCode").invoke(null);
        describe(c.getMethod("noLines"));
        describe(c.getMethod("emptyLines", int.class));
        describe(c.getMethod("twoTables", int.class, long.class));
        describe(c.getMethod("synAttr"));
        describe(c.getMethod("synAttrCode"));
    }
}
