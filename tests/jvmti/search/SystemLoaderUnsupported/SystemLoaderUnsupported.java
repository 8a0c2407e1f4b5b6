// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddToSystemClassLoaderSearch in the live phase with a system class loader that lacks
// appendToClassPathForInstrumentation: CLASS_LOADER_UNSUPPORTED (for a valid JAR; a bad
// path is ILLEGAL_ARGUMENT first).
public class SystemLoaderUnsupported {
    static native void add(String segment, String label);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        System.out.println("system class loader: " + ClassLoader.getSystemClassLoader().getClass().getName());
        String lib = System.getProperty("test.lib");
        add(lib + "/search.jar", "search.jar");
        add(lib + "/no-such.jar", "a missing file");
        try {
            Class.forName("glasstest.SysOnly", true, ClassLoader.getSystemClassLoader());
            System.out.println("glasstest.SysOnly found");
        } catch (ClassNotFoundException e) {
            System.out.println("glasstest.SysOnly: ClassNotFoundException");
        }
    }
}
