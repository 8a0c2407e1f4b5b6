// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddToSystemClassLoaderSearch in the live phase: glasstest.SysOnly (in search.jar only)
// is not found before the JAR is added and is defined by the system class loader
// afterwards, with the JAR's resource. Anything but an existing JAR file is
// ILLEGAL_ARGUMENT.
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

public class SystemLive {
    static native void add(String segment, String label);

    static void find(String what) {
        try {
            Class<?> c = Class.forName("glasstest.SysOnly");
            System.out.println(what + ": " + c.getName() + ", system class loader "
                    + (c.getClassLoader() == ClassLoader.getSystemClassLoader())
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
        try (InputStream in = ClassLoader.getSystemResourceAsStream("glasstest/res.txt")) {
            System.out.print("res.txt: " + (in == null ? "null\n" : new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
    }
}
