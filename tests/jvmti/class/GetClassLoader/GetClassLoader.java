// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassLoader: the defining loader (boot: NULL) of application, platform, boot,
// custom-loader and hidden classes, of arrays (their element's loader) and primitives
// (NULL); the result is a local reference; NULL_POINTER, INVALID_CLASS.
import java.lang.invoke.MethodHandles;

public class GetClassLoader {
    static native void loader(String label, Class<?> k, ClassLoader expected);
    static native void errors(Object notAClass);

    static final class Loader extends ClassLoader {
        Loader() { super(GetClassLoader.class.getClassLoader()); }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        ClassLoader app = ClassLoader.getSystemClassLoader();
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        loader("self", GetClassLoader.class, app);
        loader("String", String.class, null);
        loader("java.sql.Date (platform module)", Class.forName("java.sql.Date"), platform);
        Loader custom = new Loader();
        byte[] bytes;
        try (var in = GetClassLoader.class.getResourceAsStream("Other.class")) {
            bytes = in.readAllBytes();
        }
        Class<?> other = custom.define("Other", bytes);
        loader("custom-loader class", other, custom);
        loader("custom-loader class array", java.lang.reflect.Array.newInstance(other, 0).getClass(), custom);
        loader("app array", GetClassLoader[][].class, app);
        loader("String[]", String[].class, null);
        loader("int[]", int[].class, null);
        loader("int", int.class, null);
        loader("void", void.class, null);
        Class<?> h = MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass();
        loader("hidden", h, app);
        errors("not a class");
    }
}

class Other {}
