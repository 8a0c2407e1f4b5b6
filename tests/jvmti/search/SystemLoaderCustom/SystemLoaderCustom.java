// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddToSystemClassLoaderSearch in the live phase with a custom system class loader whose
// appendToClassPathForInstrumentation is private: it is called, and the loader then
// defines glasstest.SysOnly from the JAR.
public class SystemLoaderCustom {
    static native void add(String segment, String label);

    static void find(String what) {
        try {
            Class<?> c = Class.forName("glasstest.SysOnly", true, ClassLoader.getSystemClassLoader());
            System.out.println(what + ": " + c.getName() + " defined by "
                    + c.getClassLoader().getClass().getName() + ", says " + c.getMethod("hello").invoke(null));
        } catch (ClassNotFoundException e) {
            System.out.println(what + ": ClassNotFoundException");
        } catch (ReflectiveOperationException e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        System.out.println("system class loader: " + ClassLoader.getSystemClassLoader().getClass().getName());
        String lib = System.getProperty("test.lib");
        find("before");
        add(lib + "/search.jar", "search.jar");
        find("after");
    }
}
