// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Class-file bytes for redefinition tests. A test's new version of class X is the source
// of a class named X__v2 (or X__v3, ...) compiled beside X; versionOf reads its class
// file and renames it to X by rewriting every constant-pool Utf8 entry that contains the
// versioned name (the class itself, descriptors, the SourceFile "X__v2.java", nested
// classes "X__v2$Inner"), leaving everything else byte for byte as javac wrote it.
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;

final class Redef {
    /** The class file of c, as its loader finds it. */
    static byte[] bytesOf(Class<?> c) {
        String res = c.getName().replace('.', '/') + ".class";
        ClassLoader l = c.getClassLoader() != null ? c.getClassLoader() : ClassLoader.getSystemClassLoader();
        try (InputStream in = l.getResourceAsStream(res)) {
            if (in == null) throw new IllegalStateException("no class file for " + c.getName());
            return in.readAllBytes();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    /** The class file of `versioned` (a class named base + "__" + tag), renamed to base. */
    static byte[] versionOf(String base, String tag) {
        try {
            Class<?> v = Class.forName(base.replace('/', '.') + "__" + tag, false, Redef.class.getClassLoader());
            return rename(bytesOf(v), base + "__" + tag, base);
        } catch (ClassNotFoundException e) {
            throw new RuntimeException(e);
        }
    }

    /** Rewrites every Utf8 constant containing `from` (an internal name) to say `to`. */
    static byte[] rename(byte[] b, String from, String to) {
        try {
            DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(b));
            ByteArrayOutputStream bo = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bo);
            out.writeInt(in.readInt());
            out.writeInt(in.readInt());
            int count = in.readUnsignedShort();
            out.writeShort(count);
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                out.writeByte(tag);
                switch (tag) {
                case 1: out.writeUTF(in.readUTF().replace(from, to)); break;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                    out.writeInt(in.readInt()); break;
                case 5: case 6: out.writeLong(in.readLong()); i++; break;
                case 7: case 8: case 16: case 19: case 20: out.writeShort(in.readUnsignedShort()); break;
                case 15: out.writeByte(in.readUnsignedByte()); out.writeShort(in.readUnsignedShort()); break;
                default: throw new IllegalStateException("constant tag " + tag);
                }
            }
            out.write(in.readAllBytes());
            return bo.toByteArray();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }
}
