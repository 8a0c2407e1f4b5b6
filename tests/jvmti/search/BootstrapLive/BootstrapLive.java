// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddToBootstrapClassLoaderSearch in the live phase: glasstest.BootOnly (in search.jar
// only) is not found by the boot loader before the JAR is added and is defined by it
// afterwards, also when the application loader delegates to it. Anything but an existing
// JAR file is ILLEGAL_ARGUMENT.
public class BootstrapLive {
    static native void add(String segment, String label);

    static void find(String what) {
        try {
            Class<?> c = Class.forName("glasstest.BootOnly", true, null);
            System.out.println(what + ": " + c.getName() + ", loader " + c.getClassLoader()
                    + ", says " + c.getMethod("hello").invoke(null));
        } catch (ClassNotFoundException e) {
            System.out.println(what + ": ClassNotFoundException");
        } catch (ReflectiveOperationException e) {
            System.out.println(what + ": " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        String lib = System.getProperty("test.lib");
        find("before");
        add(lib + "/no-such.jar", "a missing file");
        add(lib + "/bootdir", "a directory");
        add(lib + "/README", "a file that is no JAR");
        add("", "an empty path");
        find("after the failed calls");
        add(lib + "/search.jar", "search.jar");
        find("after");
        Class<?> viaApp = Class.forName("glasstest.BootOnly");
        System.out.println("via the application loader: loader " + viaApp.getClassLoader());
        Package pkg = viaApp.getPackage();
        System.out.println("package: " + (pkg == null ? "null" : pkg.getName()));
    }
}
