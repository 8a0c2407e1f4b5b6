// JVMS 6.5 putfield/putstatic (found by ClassFileFuzz: a field's flags given ACC_FINAL):
// in a class file of version 53 or later a final field may be written only by its
// class's initializer (<init> for an instance field, <clinit> for a static one); from
// any other method of the class the instruction throws IllegalAccessError, each time it
// runs. Version 52 class files may still write them from any method of the class.
import java.io.InputStream;
import java.lang.reflect.Method;

public class FinalFieldUpdates {
    static class L extends ClassLoader {
        L() { super(FinalFieldUpdates.class.getClassLoader()); }
        Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
    }

    static byte[] withFinalFields(int major) throws Exception {
        byte[] b;
        try (InputStream in = FinalFieldUpdates.class.getResourceAsStream("FfuTarget.class")) { b = in.readAllBytes(); }
        CfModel m = CfModel.parse(b);
        for (CfModel.Member f : m.fields) f.access |= 0x10; // ACC_FINAL
        m.major = major;
        return m.write();
    }

    static void call(Class<?> c, String name) {
        try {
            Method m = c.getDeclaredMethod(name);
            m.setAccessible(true);
            System.out.println("  " + name + "() = " + m.invoke(null));
        } catch (java.lang.reflect.InvocationTargetException e) {
            System.out.println("  " + name + "() threw " + e.getCause());
        } catch (Exception e) {
            System.out.println("  " + name + "(): " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        for (int major : new int[] { 61, 53, 52, 50 }) {
            System.out.println("major " + major + ":");
            Class<?> c = new L().define(withFinalFields(major));
            call(c, "viaInit");
            call(c, "setInstance");
            call(c, "setInstance");
            call(c, "setStatic");
            call(c, "readStatic");
        }
    }
}

class FfuTarget {
    static int s = 5;           // written by <clinit>: always allowed
    int v;
    FfuTarget() { v = 1; }      // written by <init>: always allowed
    static int viaInit() { return new FfuTarget().v; }
    static int setInstance() { FfuTarget t = new FfuTarget(); t.v = 2; return t.v; }
    static int setStatic() { s = 7; return s; }
    static int readStatic() { return s; }
}
