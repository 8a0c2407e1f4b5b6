// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Dtest.native=@NATIVE@
// java.lang.instrument's class-path appending (JVMTI AddToBootstrapClassLoaderSearch and
// AddToSystemClassLoaderSearch in the live phase), in child VMs started with a java agent:
//  - a reference that failed to resolve keeps failing after the JAR that holds the class
//    is appended (JVMS 5.4.3: the same error, NoClassDefFoundError with its cause), for
//    the boot loader, the system loader and a user loader delegating to it, while fresh
//    lookups, and the same reference in a class loaded anew, find the class;
//  - a ClassCircularityError stays the error of the reference that got it, and the good
//    class in a JAR appended to the boot loader's search is found by a fresh lookup;
//  - an application started with -m and no class path (-cp) keeps java.class.path empty
//    when its agent appends to the system class loader's search; a JVMTI agent appending
//    in the OnLoad phase makes it ":<the JAR>", as HotSpot.
import java.io.BufferedReader;
import java.io.File;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

public class AgentClassPathAppend {
    static void error(String what, Throwable e) {
        System.out.println(what + ": " + e + (e.getCause() != null ? ", caused by " + e.getCause() : ""));
    }

    /** Child: references that failed before an append keep failing (JVMS 5.4.3). */
    public static class Premature {
        static void boot(String when) {
            try {
                new AppendBootSupport();
                System.out.println(when + ": AppendBootSupport resolved");
            } catch (NoClassDefFoundError e) {
                error(when, e);
            }
        }

        static void sys(String when) {
            try {
                new AppendSysSupport();
                System.out.println(when + ": AppendSysSupport resolved");
            } catch (NoClassDefFoundError e) {
                error(when, e);
            }
        }

        static void foo(String when, ClassLoader l) throws Exception {
            try {
                System.out.println(when + ": " + l.loadClass("AppendFoo").getMethod("use").invoke(null));
            } catch (java.lang.reflect.InvocationTargetException e) {
                error(when, e.getCause());
            }
        }

        public static void main(String[] args) throws Exception {
            String dir = args[0];
            URL[] fooPath = {new File(dir, "foo").toURI().toURL()};
            ClassLoader foo1 = new URLClassLoader(fooPath);
            boot("boot, before");
            sys("system, before");
            foo("user loader, before", foo1);
            AppendAgent.inst.appendToBootstrapClassLoaderSearch(new JarFile(dir + "/boot.jar"));
            boot("boot, after appending boot.jar");
            AppendAgent.inst.appendToSystemClassLoaderSearch(new JarFile(dir + "/sys.jar"));
            sys("system, after appending sys.jar");
            foo("user loader, after appending sys.jar", foo1);
            foo("a new user loader", new URLClassLoader(fooPath));
            System.out.println("fresh lookup: AppendBootSupport from the boot loader "
                    + (Class.forName("AppendBootSupport").getClassLoader() == null));
            System.out.println("fresh lookup: AppendSysSupport from the system loader "
                    + (Class.forName("AppendSysSupport").getClassLoader() == ClassLoader.getSystemClassLoader()));
        }
    }

    /** Child: CircA and CircB extend each other on the class path; a.jar has a good CircA. */
    public static class Circular {
        static void resolve(String when) {
            try {
                Class<?> c = CircA.class;
                System.out.println(when + ": CircA resolved, boot loader " + (c.getClassLoader() == null));
            } catch (LinkageError e) {
                error(when, e);
            }
        }

        public static void main(String[] args) throws Exception {
            resolve("first");
            resolve("second");
            AppendAgent.inst.appendToBootstrapClassLoaderSearch(new JarFile(args[0] + "/a.jar"));
            resolve("after appending a.jar");
            Class<?> c = Class.forName("CircA");
            System.out.println("fresh lookup: CircA from the boot loader " + (c.getClassLoader() == null)
                    + ", superclass " + c.getSuperclass().getName());
        }
    }

    static Path classes = Path.of(System.getProperty("java.class.path"));

    static void jar(Path jar, Manifest man, String... entries) throws Exception {
        try (JarOutputStream out = man == null ? new JarOutputStream(new FileOutputStream(jar.toFile()))
                                               : new JarOutputStream(new FileOutputStream(jar.toFile()), man)) {
            for (String e : entries) {
                out.putNextEntry(new JarEntry(e));
                out.write(Files.readAllBytes(classes.resolve(e)));
            }
        }
    }

    static void run(Path dir, String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xshare:off"));
        cmd.addAll(List.of(args));
        System.out.println("== child " + String.join(" ", args).replace(dir.toString(), "DIR")
                .replace(System.getProperty("test.native"), "NATIVE"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null;)
                System.out.println("child| " + line.replace(dir.toString(), "DIR"));
        }
        System.out.println("child exit " + p.waitFor());
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("glass-append");
        Manifest man = new Manifest();
        man.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        man.getMainAttributes().put(new Attributes.Name("Premain-Class"), "AppendAgent");
        Path agent = dir.resolve("agent.jar");
        jar(agent, man, "AppendAgent.class");
        jar(dir.resolve("boot.jar"), null, "AppendBootSupport.class");
        jar(dir.resolve("sys.jar"), null, "AppendSysSupport.class", "AppendSysLate.class");
        jar(dir.resolve("a.jar"), null, "CircA.class");
        jar(dir.resolve("glassmod.jar"), null, "glassmod/ModMain.class");
        Files.createDirectories(dir.resolve("foo"));
        Files.copy(classes.resolve("AppendFoo.class"), dir.resolve("foo/AppendFoo.class"));
        // The children's class path: the test's own classes, and CircA/CircB extending
        // each other.
        Path cp = dir.resolve("cp");
        Files.createDirectories(cp);
        for (String n : new String[] {"AgentClassPathAppend.class", "AgentClassPathAppend$Premature.class",
                                      "AgentClassPathAppend$Circular.class"})
            Files.copy(classes.resolve(n), cp.resolve(n));
        Files.write(cp.resolve("CircA.class"), new ClassBuilder(52, "CircA", "CircB").bytes());
        Files.write(cp.resolve("CircB.class"), new ClassBuilder(52, "CircB", "CircA").bytes());

        String javaagent = "-javaagent:" + agent;
        run(dir, javaagent, "-cp", cp.toString(), "AgentClassPathAppend$Premature", dir.toString());
        run(dir, javaagent, "-cp", cp.toString(), "AgentClassPathAppend$Circular", dir.toString());
        run(dir, javaagent + "=" + dir.resolve("sys.jar"), "-p", dir.resolve("glassmod.jar").toString(),
            "-m", "glassmod/glassmod.ModMain");
        run(dir, "-agentpath:" + System.getProperty("test.native") + "/libonloadappend.so=" + dir.resolve("sys.jar"),
            "-p", dir.resolve("glassmod.jar").toString(), "-m", "glassmod/glassmod.ModMain");
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
