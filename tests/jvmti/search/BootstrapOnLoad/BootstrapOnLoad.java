// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddToBootstrapClassLoaderSearch in the OnLoad phase: a directory and then search.jar
// are appended to the boot loader's search path. glasstest.BootOnly (in the JAR only) is
// defined by the boot loader; its resource res.txt comes from the directory, searched
// first. Live-phase calls need an existing JAR file (ILLEGAL_ARGUMENT otherwise).
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

public class BootstrapOnLoad {
    static native void addLive(String segment, String label);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Class<?> c = Class.forName("glasstest.BootOnly", true, null);
        System.out.println(c.getName() + " loader: " + c.getClassLoader());
        System.out.println(c.getMethod("hello").invoke(null));
        Package pkg = c.getPackage();
        System.out.println("package: " + (pkg == null ? "null" : pkg.getName()));
        System.out.println("module: " + (c.getModule().isNamed() ? c.getModule().getName() : "unnamed"));
        try (InputStream in = c.getResourceAsStream("res.txt")) {
            System.out.print("res.txt: " + (in == null ? "null\n" : new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
        Class<?> viaApp = Class.forName("glasstest.BootOnly");
        System.out.println("via the application loader: same class " + (viaApp == c));
        String lib = System.getProperty("test.lib");
        addLive(lib + "/no-such.jar", "a missing file");
        addLive(lib + "/bootdir", "a directory");
        addLive(lib + "/README", "a file that is no JAR");
        addLive(lib + "/search.jar", "search.jar again");
    }
}
