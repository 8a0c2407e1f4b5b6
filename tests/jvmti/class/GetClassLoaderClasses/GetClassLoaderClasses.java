// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassLoaderClasses: for a custom loader, the classes it defined and those it
// initiated by delegation (through linkage and Class.forName), with their array classes
// and the arrays of primitive types; not what other loaders alone found, not hidden
// classes or arrays of them; the same for the application and boot loaders;
// NULL_POINTER.
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Array;

public class GetClassLoaderClasses {
    static native void classes(String label, ClassLoader l, Class<?>[] in, Class<?>[] out);
    static native void errors();

    // Defines Child itself (child first); delegates everything else to the app loader.
    static final class Loader extends ClassLoader {
        Loader() { super(GetClassLoaderClasses.class.getClassLoader()); }
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (!name.equals("Child")) return super.loadClass(name, resolve);
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                try (var in = getParent().getResourceAsStream("Child.class")) {
                    byte[] b = in.readAllBytes();
                    return defineClass(name, b, 0, b.length);
                } catch (java.io.IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Loader l = new Loader();
        Class<?> child = Class.forName("Child", true, l);
        ((Runnable) child.getDeclaredConstructor().newInstance()).run(); // links Helper via l
        Class<?> byName = Class.forName("ByName", false, l);             // initiated by l
        Class<?> childArray = Array.newInstance(child, 0).getClass();
        Class<?> childArray2 = Array.newInstance(child, 0, 0).getClass();
        Class<?> helperArray = Helper[].class;
        Class<?> onlyApp = OnlyApp.class;
        byte[] bytes;
        try (var in = GetClassLoaderClasses.class.getResourceAsStream("OnlyApp.class")) {
            bytes = in.readAllBytes();
        }
        Class<?> hidden = MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass();
        Class<?> hiddenArray = Array.newInstance(hidden, 0).getClass();
        int[][] ints = new int[1][1];
        classes("custom loader", l,
                new Class<?>[] { child, Helper.class, byName, Object.class, Runnable.class, childArray, childArray2,
                                 helperArray, int[].class, ints.getClass(), byte[].class },
                new Class<?>[] { GetClassLoaderClasses.class, onlyApp, hidden, hiddenArray, int.class });
        classes("application loader", ClassLoader.getSystemClassLoader(),
                new Class<?>[] { GetClassLoaderClasses.class, onlyApp, Helper.class, helperArray, Loader.class,
                                 String.class, Object.class, int[].class, ints.getClass() },
                new Class<?>[] { child, childArray, hidden, hiddenArray, void.class });
        classes("boot loader", null,
                new Class<?>[] { Object.class, String.class, String[].class, Runnable.class, int[].class,
                                 ints.getClass(), char[].class },
                new Class<?>[] { GetClassLoaderClasses.class, child, Helper.class, helperArray, hidden, int.class });
        errors();
    }
}

class ByName {}
class OnlyApp {}
