// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: --add-opens java.base/java.lang=ALL-UNNAMED
// The boot loader finds only the classes of the modules defined to it (JEP 261): asked
// through a URLClassLoader with a null parent, through Class.forName(name, false, null)
// and through ClassLoader.findBootstrapClass, a class of java.sql or java.compiler
// (platform loader) or jdk.compiler (application loader) is not found, while the boot
// modules' classes are, in their modules. The platform and application loaders still
// define theirs, and javax.tools finds javac. Children run with --limit-modules (and
// --add-modules) to show that the graph actually resolved counts, not what the runtime
// image holds: jdk.net and java.logging are left out, and sockets still work.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketOption;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

public class BootLoaderVisibility {
    static final String[] NAMES = {
        "java.lang.String",              // java.base (boot)
        "java.util.logging.Logger",      // java.logging (boot)
        "jdk.net.ExtendedSocketOptions", // jdk.net (boot)
        "java.sql.Connection",           // java.sql (platform)
        "javax.tools.JavaCompiler",      // java.compiler (platform)
        "javax.script.ScriptEngine",     // java.scripting (platform)
        "com.sun.tools.javac.Main",      // jdk.compiler (application)
        "jdk.jshell.JShell",             // jdk.jshell (application)
        "no.such.Thing",
    };

    static String describe(Class<?> c) {
        ClassLoader l = c.getClassLoader();
        String loader = l == null ? "boot" : l == ClassLoader.getPlatformClassLoader() ? "platform"
                : l == ClassLoader.getSystemClassLoader() ? "app" : l.getClass().getName();
        Module m = c.getModule();
        return "loader " + loader + ", " + (m.isNamed() ? "module " + m.getName() : "unnamed module");
    }

    interface Lookup { Class<?> find(String name) throws Throwable; }

    static void each(String how, Lookup lookup) {
        System.out.println(how + ":");
        for (String n : NAMES) {
            String r;
            try {
                Class<?> c = lookup.find(n);
                r = c == null ? "null" : describe(c);
            } catch (Throwable t) {
                r = t.getClass().getName();
            }
            System.out.println("  " + n + ": " + r);
        }
    }

    static void lookups(boolean all) throws Exception {
        ClassLoader nullParent = new URLClassLoader(new URL[0], null);
        each("URLClassLoader with a null parent", n -> Class.forName(n, false, nullParent));
        if (!all) return;
        each("Class.forName with the boot loader", n -> Class.forName(n, false, null));
        Method fbc = ClassLoader.class.getDeclaredMethod("findBootstrapClassOrNull", String.class);
        fbc.setAccessible(true);
        each("ClassLoader.findBootstrapClassOrNull", n -> (Class<?>) fbc.invoke(null, n));
        each("platform loader", n -> ClassLoader.getPlatformClassLoader().loadClass(n));
        each("application loader", n -> ClassLoader.getSystemClassLoader().loadClass(n));
    }

    static void sockets() throws Exception {
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocket ss = new ServerSocket(0, 1, lo); Socket s = new Socket()) {
            s.connect(new InetSocketAddress(lo, ss.getLocalPort()));
            try (Socket peer = ss.accept()) {
                s.getOutputStream().write(42);
                System.out.println("socket: read " + peer.getInputStream().read());
            }
            TreeSet<String> names = new TreeSet<>();
            for (SocketOption<?> o : s.supportedOptions()) names.add(o.name());
            System.out.println("socket options: " + names);
        }
    }

    static void child(String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xshare:off"));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "BootLoaderVisibility", "child"));
        System.out.println("== child " + String.join(" ", options));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null;) System.out.println("child| " + line);
        }
        System.out.println("child exit " + p.waitFor());
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            lookups(false);
            sockets();
            return;
        }
        lookups(true);
        Object javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        System.out.println("system Java compiler: " + (javac == null ? "none" : describe(javac.getClass())));
        child("--limit-modules", "java.base");
        child("--limit-modules", "java.base", "--add-modules", "java.logging");
        child("--limit-modules", "java.sql");
    }
}
