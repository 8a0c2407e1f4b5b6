// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// --patch-module: the boot loader searches a patched module's directories and JARs, in
// order, before the runtime image, for every boot module patched (java.base with two
// directories and a new package, java.logging with a JAR and an existing package); the
// platform loader's modules (java.sql) are patched by the class library itself and their
// classes never come from the boot loader. The patched package is a boot package with a
// location. -Djdk.module.patch.<n> is no way around the option: like every internal
// jdk.module.* property given with -D, it is ignored with a warning. Class files are
// written at run time (ClassBuilder): javac will not compile them outside a module.
import java.io.BufferedReader;
import java.io.File;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

public class PatchModule {
    /** A public class with `public static String hi()` returning text. */
    static byte[] greeter(String name, String text) {
        ClassBuilder b = new ClassBuilder(61, name, "java/lang/Object");
        int s = b.string(text);
        b.method(0x9, "hi", "()Ljava/lang/String;", new ClassBuilder.Code(1, 0).op(Op.LDC_W).u2(s).op(Op.ARETURN));
        return b.bytes();
    }

    static void write(Path root, String name, String text) throws Exception {
        Path f = root.resolve(name + ".class");
        Files.createDirectories(f.getParent());
        Files.write(f, greeter(name, text));
    }

    static void child(String[] names) {
        for (String n : names) {
            try {
                Class<?> c = Class.forName(n);
                ClassLoader l = c.getClassLoader();
                String loader = l == null ? "boot" : l == ClassLoader.getPlatformClassLoader() ? "platform" : "app";
                Package p = Package.getPackage(c.getPackageName());
                String says;
                try {
                    says = (String) c.getMethod("hi").invoke(null);
                } catch (NoSuchMethodException e) {
                    says = "(not patched)";
                }
                System.out.println(n + ": " + says + ", loader " + loader + ", module "
                        + c.getModule().getName() + ", package known " + (p != null));
            } catch (Throwable t) {
                System.out.println(n + ": " + t);
            }
        }
    }

    static void run(Path dir, String filter, List<String> options, String... classes) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xshare:off"));
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "PatchModule"));
        cmd.addAll(List.of(classes));
        System.out.println("== child " + String.join(" ", options).replace(dir.toString(), "DIR"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null;) {
                line = line.replace(dir.toString(), "DIR");
                if (filter != null && !line.contains(filter)) continue;
                // "[0.123s][info][class,load] ..." and "<VM name> warning: ...": VM-specific prefixes.
                line = line.replaceFirst("^\\[[0-9.]+s\\]", "[T]").replaceFirst("^.* warning: ", "VM warning: ");
                System.out.println("child| " + line);
            }
        }
        System.out.println("child exit " + p.waitFor());
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child(args);
            return;
        }
        Path dir = Files.createTempDirectory("glass-patch");
        Path d1 = dir.resolve("d1"), d2 = dir.resolve("d2"), sql = dir.resolve("sql");
        write(d1, "java/lang/glass/Added", "Added from d1");
        write(d2, "java/lang/glass/Added", "Added from d2");
        write(d2, "java/lang/glass/Other", "Other from d2");
        write(sql, "java/sql/GlassAdded", "java.sql's GlassAdded");
        File jar = dir.resolve("logging.jar").toFile();
        try (JarOutputStream out = new JarOutputStream(new FileOutputStream(jar))) {
            out.putNextEntry(new JarEntry("java/util/logging/GlassAdded.class"));
            out.write(greeter("java/util/logging/GlassAdded", "java.logging's GlassAdded"));
        }
        String exports = "--add-exports=java.base/java.lang.glass=ALL-UNNAMED";
        run(dir, null, List.of("--patch-module", "java.base=" + d1 + File.pathSeparator + d2,
                               "--patch-module", "java.logging=" + jar, "--patch-module", "java.sql=" + sql, exports),
            "java.lang.glass.Added", "java.lang.glass.Other", "java.util.logging.GlassAdded", "java.sql.GlassAdded",
            "java.util.logging.Logger");
        run(dir, "glass", List.of("--patch-module", "java.base=" + d1, exports, "-verbose:class"),
            "java.lang.glass.Added");
        run(dir, null, List.of("-Djdk.module.patch.0=java.base=" + d1, exports), "java.lang.glass.Added");
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}
