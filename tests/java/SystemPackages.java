// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Package.getPackages() / JVM_GetSystemPackages: the boot loader reports exactly the
// packages from which its own search loaded a class, each with a location
// (JVM_GetSystemPackage), as HotSpot. A proxy class the boot loader merely defines (in
// the dynamic module jdk.proxy1) adds no package, so no entry is null. A child VM with
// -Xbootclasspath/a (a directory and a JAR with a manifest) shows the append path's
// packages appearing once a class of theirs is loaded, the JAR's with its manifest's
// attributes (found through the location the VM reports).
import java.io.BufferedReader;
import java.io.File;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

public class SystemPackages {
    static void survey(String when, String... names) {
        Package[] all = Package.getPackages();
        int nulls = 0;
        Set<String> seen = new HashSet<>();
        boolean duplicates = false;
        for (Package p : all) {
            if (p == null) {
                nulls++;
                continue;
            }
            if (!seen.add(p.getName())) duplicates = true;
        }
        System.out.println(when + ": null entries " + nulls + ", duplicates " + duplicates);
        for (String n : names) {
            Package p = Package.getPackage(n);
            System.out.println("  " + n + ": listed " + seen.contains(n) + ", getPackage "
                    + (p == null ? "null" : "title " + p.getImplementationTitle() + ", version "
                    + p.getImplementationVersion()));
        }
    }

    static void child() throws Exception {
        survey("before", "java.lang", "glass.bootdir", "glass.bootjar");
        for (String n : new String[] {"glass.bootdir.BootDirMarker", "glass.bootjar.BootJarMarker"}) {
            Class<?> c = Class.forName(n, false, null);
            System.out.println(n + ": boot loader " + (c.getClassLoader() == null) + ", named module "
                    + c.getModule().isNamed() + ", package " + (c.getPackage() == null ? "null" : c.getPackage().getName()));
        }
        survey("after", "glass.bootdir", "glass.bootjar");
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child();
            return;
        }
        Object proxy = Proxy.newProxyInstance(null, new Class<?>[] {Runnable.class}, (p, m, a) -> null);
        Class<?> pc = proxy.getClass();
        System.out.println("proxy: boot loader " + (pc.getClassLoader() == null) + ", module "
                + pc.getModule().getName() + ", getPackage " + pc.getPackage());
        survey("with a boot proxy", "java.lang", "java.util", pc.getPackageName());

        Path classes = Path.of(System.getProperty("java.class.path"));
        Path dir = Files.createTempDirectory("glass-syspkg");
        Path bootdir = dir.resolve("bootdir");
        Files.createDirectories(bootdir.resolve("glass/bootdir"));
        Files.copy(classes.resolve("glass/bootdir/BootDirMarker.class"), bootdir.resolve("glass/bootdir/BootDirMarker.class"));
        File jar = dir.resolve("boot.jar").toFile();
        Manifest man = new Manifest();
        man.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        man.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_TITLE, "glass boot jar");
        man.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, "1.2.3");
        try (JarOutputStream out = new JarOutputStream(new FileOutputStream(jar), man)) {
            out.putNextEntry(new JarEntry("glass/bootjar/BootJarMarker.class"));
            out.write(Files.readAllBytes(classes.resolve("glass/bootjar/BootJarMarker.class")));
        }
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xshare:off", "-Xbootclasspath/a:" + bootdir + File.pathSeparator + jar,
                "-cp", classes.toString(), "SystemPackages", "child"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null;) System.out.println("child| " + line);
        }
        System.out.println("child exit " + p.waitFor());
        Files.delete(bootdir.resolve("glass/bootdir/BootDirMarker.class"));
        Files.delete(bootdir.resolve("glass/bootdir"));
        Files.delete(bootdir.resolve("glass"));
        Files.delete(bootdir);
        Files.delete(jar.toPath());
        Files.delete(dir);
    }
}
