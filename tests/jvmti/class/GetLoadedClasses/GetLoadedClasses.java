// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetLoadedClasses: the list holds application, JDK, custom-loader (two classes
// of one name), hidden and array classes (of primitives, of references, of hidden
// classes), no primitive classes, nothing twice; NULL_POINTER.
import java.lang.invoke.MethodHandles;

public class GetLoadedClasses {
    static native void check(Class<?>[] expected);
    static native void errors();

    static final class Loader extends ClassLoader {
        Loader() { super(GetLoadedClasses.class.getClassLoader()); }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        byte[] bytes;
        try (var in = GetLoadedClasses.class.getResourceAsStream("Twin.class")) {
            bytes = in.readAllBytes();
        }
        Class<?> twin1 = Class.forName("Twin");
        Class<?> twin2 = new Loader().define("Twin", bytes);
        Class<?> hidden = MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass();
        Object[] keep = { new int[1][1], new Twin[0][0], java.lang.reflect.Array.newInstance(hidden, 1) };
        check(new Class<?>[] {
            GetLoadedClasses.class, Object.class, String.class, Class.class, Runnable.class,
            twin1, twin2, hidden,
            int[].class, int[][].class, double[].class, Twin[].class, Twin[][].class, String[].class,
            keep[2].getClass(), keep.getClass()
        });
        errors();
    }
}

class Twin {}
