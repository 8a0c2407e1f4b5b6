// Errors of JVMS 5.3.5 steps 3-4 (a class's name and supertypes), found by ClassFileFuzz:
// a class file whose own name is in java/... defined by an application loader (the name
// passed to defineClass is null, so only the VM sees it) is a SecurityException, raised
// after its supertypes are loaded (a self-referencing super still gives the
// ClassCircularityError first) and before their access checks; a class its own superclass
// or superinterface is a ClassCircularityError even when its loader cannot find the name;
// a permitted subclass defined by another loader (so in another module) may not extend
// or implement its sealed supertype; a file with a format error after its header still
// gets the errors HotSpot's parser raises at the header first (a wrong name, each
// superinterface's loading error), though not the superclass's (loaded after parsing).
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

public class SupertypeLoadingErrors {
    static class L extends ClassLoader {
        L() { super(SupertypeLoadingErrors.class.getClassLoader()); }
        Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    static void attempt(String what, byte[] b) {
        try {
            Class<?> c = new L().define(b);
            c.getDeclaredMethods();
            System.out.println(what + ": defined " + c.getName());
        } catch (Throwable e) {
            System.out.println(what + ": " + e.getClass().getName() + ": " + String.valueOf(e.getMessage()).replaceAll("@[0-9a-f]+", "@HASH"));
        }
    }
    static void attemptNamed(String what, String name, byte[] b) {
        try {
            new L().define(name, b);
            System.out.println(what + ": defined");
        } catch (Throwable e) {
            System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }
    static byte[] truncated(CfModel m) { byte[] b = m.write(); return java.util.Arrays.copyOf(b, b.length - 1); }
    static byte[] read(String name) throws Exception {
        try (InputStream in = SupertypeLoadingErrors.class.getResourceAsStream(name + ".class")) { return in.readAllBytes(); }
    }
    static void setUtf8(CfModel m, int i, String s) {
        byte[] u = s.getBytes(StandardCharsets.UTF_8);
        byte[] e = new byte[3 + u.length];
        e[0] = 1; e[1] = (byte) (u.length >> 8); e[2] = (byte) u.length;
        System.arraycopy(u, 0, e, 3, u.length);
        m.cp.set(i, e);
    }
    static int classEntry(CfModel m, String name) {
        int u = m.addUtf8(name);
        m.cp.add(new byte[] { 7, (byte) (u >> 8), (byte) u });
        return m.cp.size() - 1;
    }
    static byte[] renamed(String cls, String to) throws Exception {
        CfModel m = CfModel.parse(read(cls));
        setUtf8(m, m.ref(m.thisClass, 0), to);
        return m.write();
    }

    public static void main(String[] args) throws Exception {
        attempt("valid", read("StlPlain"));
        attempt("java/lang/StlPlain", renamed("StlPlain", "java/lang/StlPlain"));
        attempt("java/StlPlain", renamed("StlPlain", "java/StlPlain"));
        attempt("javax/StlPlain", renamed("StlPlain", "javax/StlPlain"));

        CfModel m = CfModel.parse(read("StlPlain"));
        m.superClass = m.thisClass;
        attempt("own superclass", m.write());
        setUtf8(m, m.ref(m.thisClass, 0), "java/lang/StlPlain");
        attempt("java/lang/StlPlain, own superclass", m.write());
        m = CfModel.parse(read("StlPlain"));
        m.interfaces.add(m.thisClass);
        attempt("own superinterface", m.write());
        m = CfModel.parse(read("StlPlain"));
        m.superClass = classEntry(m, "StlMissing");
        attempt("missing superclass", m.write());
        setUtf8(m, m.ref(m.thisClass, 0), "java/lang/StlPlain");
        attempt("java/lang/StlPlain, missing superclass", m.write());
        // java/lang/... extending a final class: the package is checked first
        m = CfModel.parse(renamed("StlPlain", "java/lang/StlPlain"));
        m.superClass = classEntry(m, "java/lang/String");
        attempt("java/lang/StlPlain extends String", m.write());

        // A format error after the header (the file is one byte short)
        m = CfModel.parse(read("StlPlain"));
        attempt("truncated", truncated(m));
        attemptNamed("truncated, wrong name", "StlOther", truncated(m));
        m.interfaces.add(classEntry(m, "StlMissingIface"));
        attempt("truncated, missing superinterface", truncated(m));
        m.interfaces.set(0, classEntry(m, "java/lang/String"));
        attempt("truncated, class as superinterface", truncated(m));
        m.interfaces.set(0, classEntry(m, "java/lang/Runnable"));
        attempt("truncated, good superinterface", truncated(m));
        m = CfModel.parse(read("StlPlain"));
        m.superClass = classEntry(m, "StlMissing");
        attempt("truncated, missing superclass", truncated(m));
        // A bad index among the superinterfaces: those before it are loaded first
        m = CfModel.parse(read("StlPlain"));
        m.interfaces.add(classEntry(m, "java/lang/String"));
        m.interfaces.add(0xffff);
        attempt("class as superinterface, then a bad index", m.write());
        m.interfaces.set(0, classEntry(m, "StlMissingIface"));
        attempt("missing superinterface, then a bad index", m.write());
        m.interfaces.set(0, 0xffff);
        m.interfaces.set(1, classEntry(m, "StlMissingIface"));
        attempt("bad index, then a missing superinterface", m.write());
        m = CfModel.parse(read("StlPlain"));
        m.superClass = 0xffff;
        m.interfaces.add(classEntry(m, "StlMissingIface"));
        attemptNamed("bad superclass index, wrong name", "StlOther", m.write());
        attempt("bad superclass index, missing superinterface", m.write());

        // Sealed supertypes: the permitted classes, defined by another loader than their
        // sealed supertype's, are in another module.
        attempt("permitted class in another loader", read("StlCircle"));
        attempt("permitted interface in another loader", read("StlSquare"));
        attempt("sealed class's subclass in another loader", read("StlBase$Sub"));
        System.out.println("same loader: " + new StlCircle().area() + " " + new StlSquare().area() + " " + new StlBase.Sub());
    }
}

class StlPlain { int x = 1; }

sealed interface StlShape permits StlCircle, StlSquare { int area(); }
final class StlCircle implements StlShape { public int area() { return 3; } }
final class StlSquare implements StlShape { public int area() { return 4; } }
sealed class StlBase permits StlBase.Sub {
    static final class Sub extends StlBase { public String toString() { return "Sub"; } }
}
