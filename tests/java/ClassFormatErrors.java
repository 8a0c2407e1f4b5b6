// Malformed class files defined through ClassLoader.defineClass: each corruption of a
// valid class file (bad magic, truncation at every region, unsupported versions, bad
// constant-pool tags and indexes, bad attribute lengths, extra bytes, a wrong name)
// must produce HotSpot's error class and message, never a crash; the valid bytes still
// define a working class afterwards.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.Arrays;

public class ClassFormatErrors {
    static class ByteLoader extends ClassLoader {
        ByteLoader() { super(ClassFormatErrors.class.getClassLoader()); }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    static void attempt(String what, String name, byte[] bytes) {
        try {
            Class<?> c = new ByteLoader().define(name, bytes);
            java.lang.reflect.Constructor<?> k = c.getDeclaredConstructor();
            k.setAccessible(true);   // package-private, and in another runtime package
            Object o = k.newInstance();
            System.out.println(what + ": defined " + c.getName() + " -> " + o);
        } catch (LinkageError e) {
            System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage());
        } catch (Exception e) {
            System.out.println(what + ": " + e);
        }
    }

    static byte[] read(String resource) throws Exception {
        try (InputStream in = ClassFormatErrors.class.getResourceAsStream(resource)) {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            for (int n; (n = in.read(buf)) > 0; ) bos.write(buf, 0, n);
            return bos.toByteArray();
        }
    }

    // Offset just past the constant pool, and the offset of each entry.
    static int[] cpOffsets(byte[] b) {
        int count = u2(b, 8);
        int[] offs = new int[count + 1];
        int p = 10;
        for (int i = 1; i < count; i++) {
            offs[i] = p;
            int tag = b[p] & 0xff;
            switch (tag) {
                case 1: p += 3 + u2(b, p + 1); break;            // Utf8
                case 3: case 4: p += 5; break;                    // Integer, Float
                case 5: case 6: p += 9; offs[++i] = -1; break;    // Long, Double take two slots
                case 7: case 8: case 16: case 19: case 20: p += 3; break;
                case 9: case 10: case 11: case 12: case 17: case 18: p += 5; break;
                case 15: p += 4; break;
                default: throw new IllegalStateException("tag " + tag);
            }
        }
        offs[count] = p;
        return offs;
    }
    static int u2(byte[] b, int p) { return ((b[p] & 0xff) << 8) | (b[p + 1] & 0xff); }
    static void put2(byte[] b, int p, int v) { b[p] = (byte) (v >> 8); b[p + 1] = (byte) v; }

    public static void main(String[] args) throws Exception {
        byte[] good = read("CfeTarget.class");
        int[] offs = cpOffsets(good);
        int cpCount = u2(good, 8);
        int cpEnd = offs[cpCount];
        System.out.println("constant pool entries " + (cpCount - 1) + ", class file ends " + (good.length - cpEnd) + " bytes after the pool");
        attempt("valid", "CfeTarget", good);

        byte[] b = good.clone(); b[0] = (byte) 0xCA; b[1] = (byte) 0xFE; b[2] = (byte) 0xD0; b[3] = (byte) 0x0D;
        attempt("bad magic", "CfeTarget", b);
        for (int len : new int[] { 0, 3, 4, 7, 9, 10, cpEnd / 2, cpEnd, cpEnd + 3, good.length - 1 }) {
            attempt("truncated to " + (len == cpEnd / 2 ? "mid-pool" : len == cpEnd ? "end of pool" : len == good.length - 1 ? "length-1" : String.valueOf(len)),
                "CfeTarget", Arrays.copyOf(good, len));
        }
        b = good.clone(); put2(b, 6, 99);
        attempt("major version 99", "CfeTarget", b);
        b = good.clone(); put2(b, 6, 44);
        attempt("major version 44", "CfeTarget", b);
        b = good.clone(); put2(b, 4, 3);
        attempt("minor version 3 with major 61", "CfeTarget", b);
        b = good.clone(); put2(b, 4, 0xFFFF);
        attempt("preview minor version", "CfeTarget", b);
        b = good.clone(); put2(b, 6, 50); put2(b, 4, 7);
        attempt("major 50 minor 7", "CfeTarget", b);
        b = good.clone(); b[offs[1]] = 99;
        attempt("unknown constant tag", "CfeTarget", b);
        b = good.clone(); b[offs[1]] = 2;
        attempt("constant tag 2", "CfeTarget", b);
        b = good.clone(); put2(b, 8, 0);
        attempt("constant pool count 0", "CfeTarget", b);
        b = good.clone(); put2(b, cpEnd + 2, 0);
        attempt("this_class index 0", "CfeTarget", b);
        b = good.clone(); put2(b, cpEnd + 2, cpCount + 5);
        attempt("this_class index out of range", "CfeTarget", b);
        b = good.clone(); put2(b, cpEnd + 2, firstUtf8(good, offs, cpCount));
        attempt("this_class points to Utf8", "CfeTarget", b);
        b = good.clone(); put2(b, cpEnd, 0x0201);   // ACC_PUBLIC | ACC_INTERFACE without ACC_ABSTRACT
        attempt("bad class access flags", "CfeTarget", b);
        b = good.clone();
        // The last class attribute is SourceFile: name(2) length(4)=2 index(2)
        b[good.length - 5] = 9;
        attempt("SourceFile attribute length 9", "CfeTarget", b);
        b = good.clone(); put2(b, good.length - 2, cpCount + 3);
        attempt("SourceFile index out of range", "CfeTarget", b);
        b = Arrays.copyOf(good, good.length + 3);
        attempt("extra bytes at end", "CfeTarget", b);
        attempt("wrong name", "SomethingElse", good);
        attempt("empty array", "CfeTarget", new byte[0]);
        // The good bytes still work after all the failures, in a fresh loader
        attempt("valid again", "CfeTarget", good);
        // A class of the same name defined twice by one loader: LinkageError
        ByteLoader one = new ByteLoader();
        one.define("CfeTarget", good);
        try { one.define("CfeTarget", good); }
        catch (LinkageError e) { System.out.println("duplicate definition: " + e.getClass().getName() + ": " + e.getMessage().replaceAll("@[0-9a-f]+", "@HASH")); }
    }
    static int firstUtf8(byte[] b, int[] offs, int count) {
        for (int i = 1; i < count; i++) if (offs[i] > 0 && b[offs[i]] == 1) return i;
        return 1;
    }
}

class CfeTarget {
    int value = 42;
    public String toString() { return "CfeTarget(" + value + ")"; }
}
