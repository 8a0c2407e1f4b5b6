// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddToSystemClassLoaderSearch in the OnLoad phase: search.jar is appended to
// java.class.path, so the application class loader defines glasstest.SysOnly (in the JAR
// only) and finds the JAR's resource. Live-phase calls need an existing JAR file.
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

public class SystemOnLoad {
    static native void addLive(String segment, String label);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        String cp = System.getProperty("java.class.path");
        String lib = System.getProperty("test.lib");
        System.out.println("java.class.path ends with the JAR: " + cp.endsWith(":" + lib + "/search.jar"));
        Class<?> c = Class.forName("glasstest.SysOnly");
        System.out.println(c.getName() + " defined by the system class loader: "
                + (c.getClassLoader() == ClassLoader.getSystemClassLoader()));
        System.out.println(c.getMethod("hello").invoke(null));
        try (InputStream in = ClassLoader.getSystemResourceAsStream("glasstest/res.txt")) {
            System.out.print("res.txt: " + (in == null ? "null\n" : new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
        addLive(lib + "/no-such.jar", "a missing file");
        addLive(lib + "/bootdir", "a directory");
        addLive(lib + "/README", "a file that is no JAR");
    }
}
