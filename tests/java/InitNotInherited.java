// An instance initialization method is never inherited (JVMS 2.9.1; HotSpot's method
// resolution stops at the named class for <init>): a class file whose constructor was
// removed (found by ClassFileFuzz) fails `new C()` with NoSuchMethodError instead of
// running its superclass's <init>()V, each time; its other methods still run.
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;

public class InitNotInherited {
    static class L extends ClassLoader {
        L() { super(InitNotInherited.class.getClassLoader()); }
        Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
    }
    static void call(Class<?> c, String name) {
        try {
            java.lang.reflect.Method m = c.getDeclaredMethod(name);
            m.setAccessible(true);   // package-private, and in another runtime package
            System.out.println(name + "() = " + m.invoke(null));
        } catch (InvocationTargetException e) {
            System.out.println(name + "() threw " + e.getCause());
        } catch (Exception e) {
            System.out.println(name + "(): " + e);
        }
    }
    public static void main(String[] args) throws Exception {
        byte[] b;
        try (InputStream in = InitNotInherited.class.getResourceAsStream("InaTarget.class")) { b = in.readAllBytes(); }
        CfModel m = CfModel.parse(b);
        m.methods.removeIf(mm -> "<init>".equals(m.utf8(mm.name)));
        Class<?> c = new L().define(m.write());
        System.out.println("constructors: " + c.getDeclaredConstructors().length);
        call(c, "make");
        call(c, "make");
        call(c, "seven");
        try { c.getDeclaredConstructor(); } catch (NoSuchMethodException e) { System.out.println("getDeclaredConstructor: " + e); }
        call(InaTarget.class, "make");
    }
}

class InaTarget {
    static String make() { return "made " + (new InaTarget() != null); }
    static int seven() { return 7; }
}
