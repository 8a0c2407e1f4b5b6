// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetSourceFileName and GetSourceDebugExtension: javac-compiled classes (top-level,
// nested, in another source file), a JDK class, and hand-made class files with and
// without SourceFile and SourceDebugExtension attributes (javac cannot write the
// latter); ABSENT_INFORMATION for arrays, primitives and missing attributes;
// MUST_POSSESS_CAPABILITY, NULL_POINTER, INVALID_CLASS.
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;

public class SourceAttributes {
    static native void source(String label, Class<?> k);
    static native void errors(Object notAClass);

    static class Nested {}

    static final class Loader extends ClassLoader {
        Loader() { super(SourceAttributes.class.getClassLoader()); }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    // A minimal class file: public class `name` extends Object, no members; attributes
    // SourceFile and SourceDebugExtension when the arguments are non-null.
    static byte[] classFile(String name, String sourceFile, String debugExtension) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream o = new DataOutputStream(bytes);
        o.writeInt(0xCAFEBABE);
        o.writeShort(0);
        o.writeShort(52);
        o.writeShort(8);
        o.writeByte(1); o.writeUTF(name);                     // #1
        o.writeByte(7); o.writeShort(1);                      // #2 Class name
        o.writeByte(1); o.writeUTF("java/lang/Object");       // #3
        o.writeByte(7); o.writeShort(3);                      // #4 Class Object
        o.writeByte(1); o.writeUTF("SourceFile");             // #5
        o.writeByte(1); o.writeUTF(sourceFile == null ? "unused" : sourceFile); // #6
        o.writeByte(1); o.writeUTF("SourceDebugExtension");   // #7
        o.writeShort(0x21);
        o.writeShort(2);
        o.writeShort(4);
        o.writeShort(0); // interfaces
        o.writeShort(0); // fields
        o.writeShort(0); // methods
        o.writeShort((sourceFile != null ? 1 : 0) + (debugExtension != null ? 1 : 0));
        if (sourceFile != null) {
            o.writeShort(5);
            o.writeInt(2);
            o.writeShort(6);
        }
        if (debugExtension != null) {
            // Modified UTF-8 without the length prefix writeUTF puts first.
            ByteArrayOutputStream u = new ByteArrayOutputStream();
            new DataOutputStream(u).writeUTF(debugExtension);
            byte[] b = u.toByteArray();
            o.writeShort(7);
            o.writeInt(b.length - 2);
            o.write(b, 2, b.length - 2);
        }
        return bytes.toByteArray();
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Loader l = new Loader();
        source("self", SourceAttributes.class);
        source("nested", Nested.class);
        source("other file", OtherFile.class);
        source("String", String.class);
        String smap = "SMAP\nHello.jsp\nJSP\n*S JSP\n*F\n+ 0 Hello.jsp\nHello.jsp\n*L\n1#1,5:10,2\n*E\n";
        source("both attributes", l.define("HandBoth", classFile("HandBoth", "Hello.jsp", smap)));
        source("source file only", l.define("HandSource", classFile("HandSource", "dir-free.kt", null)));
        source("debug extension only", l.define("HandDebug", classFile("HandDebug", null, "non-ASCII \u00e9\u4e2d and NUL \0 end")));
        source("neither", l.define("HandNone", classFile("HandNone", null, null)));
        source("empty debug extension", l.define("HandEmpty", classFile("HandEmpty", "E.java", "")));
        source("int[]", int[].class);
        source("SourceAttributes[]", SourceAttributes[].class);
        source("int", int.class);
        source("void", void.class);
        errors("not a class");
    }
}
