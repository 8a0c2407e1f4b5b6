// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassVersionNumbers: javac 17 and JDK classes, hand-made class files of
// older versions (45.3 to 52.0); ABSENT_INFORMATION for arrays and primitives;
// NULL_POINTER, INVALID_CLASS.
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;

public class GetClassVersionNumbers {
    static native void version(String label, Class<?> k);
    static native void errors(Object notAClass);

    static final class Loader extends ClassLoader {
        Loader() { super(GetClassVersionNumbers.class.getClassLoader()); }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    // A minimal class file: `public class name extends Object {}` (no members).
    static byte[] classFile(String name, int major, int minor) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(bytes);
        o.writeInt(0xCAFEBABE);
        o.writeShort(minor);
        o.writeShort(major);
        o.writeShort(5);
        o.writeByte(1); o.writeUTF(name);               // #1
        o.writeByte(7); o.writeShort(1);                // #2
        o.writeByte(1); o.writeUTF("java/lang/Object"); // #3
        o.writeByte(7); o.writeShort(3);                // #4
        o.writeShort(0x21);
        o.writeShort(2);
        o.writeShort(4);
        o.writeShort(0);
        o.writeShort(0);
        o.writeShort(0);
        o.writeShort(0);
        return bytes.toByteArray();
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Loader l = new Loader();
        version("self", GetClassVersionNumbers.class);
        version("String", String.class);
        version("45.3", l.define("V45", classFile("V45", 45, 3)));
        version("49.0", l.define("V49", classFile("V49", 49, 0)));
        version("50.0", l.define("V50", classFile("V50", 50, 0)));
        version("52.0", l.define("V52", classFile("V52", 52, 0)));
        version("int[]", int[].class);
        version("String[][]", String[][].class);
        version("int", int.class);
        version("void", void.class);
        errors("not a class");
    }
}
