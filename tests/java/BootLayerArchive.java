// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The archived boot module graph changes nothing a program can see (design.md
// "Start-up"): a walk of the boot layer (modules, packages, descriptors, reads, exports,
// opens, loaders, services, the empty layer and configuration as parents, Class.getModule,
// the built-in loaders' package-to-module maps) prints the same in a child VM run as is,
// with -Xshare:off, with -XX:SharedArchiveFile naming a missing, empty, truncated, garbage
// or stale (another libjvm.so) archive, and the same as HotSpot's; with each option that
// forbids the archive (module options, -Xbootclasspath/a) the walk shows what the option
// changed, as on HotSpot. The children's outputs (stdout and exit status) are compared by
// digest; the walk itself is printed once.
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ResolvedModule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.stream.Collectors;

public class BootLayerArchive {
    static String sorted(java.util.Collection<?> c) {
        return c.stream().map(String::valueOf).sorted().collect(Collectors.joining(",", "[", "]"));
    }

    static String names(java.util.Collection<Module> c) {
        return sorted(c.stream().map(m -> m.isNamed() ? m.getName() : "unnamed").toList());
    }

    static void walk() throws Exception {
        ModuleLayer layer = ModuleLayer.boot();
        Configuration cf = layer.configuration();
        System.out.println("parents " + (layer.parents().size() == 1 && layer.parents().get(0) == ModuleLayer.empty())
                + " " + (cf.parents().size() == 1 && cf.parents().get(0) == Configuration.empty())
                + " " + ModuleLayer.empty().modules().isEmpty() + " " + Configuration.empty().modules().isEmpty());
        Module unnamed = BootLayerArchive.class.getModule();
        for (Module m : new TreeSet<Module>(java.util.Comparator.comparing(Module::getName)) {{ addAll(layer.modules()); }}) {
            ModuleDescriptor d = m.getDescriptor();
            ClassLoader l = m.getClassLoader();
            System.out.println(m.getName() + " loader=" + (l == null ? "boot" : l.getName())
                    + " open=" + d.isOpen() + " auto=" + d.isAutomatic() + " mods=" + sorted(d.modifiers())
                    + " version=" + d.rawVersion().orElse("-") + " main=" + d.mainClass().orElse("-")
                    + " layer=" + (m.getLayer() == layer) + " same=" + (layer.findModule(m.getName()).get() == m)
                    + " desc=" + (m.getDescriptor() == d));
            System.out.println("  requires " + sorted(d.requires().stream()
                    .map(r -> r.name() + sorted(r.modifiers()) + r.rawCompiledVersion().orElse("")).toList()));
            System.out.println("  exports " + sorted(d.exports().stream()
                    .map(e -> e.source() + sorted(e.modifiers()) + sorted(e.targets())).toList()));
            System.out.println("  opens " + sorted(d.opens().stream()
                    .map(e -> e.source() + sorted(e.modifiers()) + sorted(e.targets())).toList()));
            System.out.println("  uses " + sorted(d.uses()));
            System.out.println("  provides " + sorted(d.provides().stream()
                    .map(p -> p.service() + p.providers()).toList()));
            System.out.println("  packages " + sorted(m.getPackages()) + " " + d.packages().equals(m.getPackages()));
            System.out.println("  reads " + names(cf.findModule(m.getName()).get().reads().stream()
                    .map(r -> layer.findModule(r.name()).get()).toList())
                    + " readsUnnamed=" + m.canRead(unnamed));
            List<String> toUnnamed = new ArrayList<>();
            for (String p : new TreeSet<>(m.getPackages()))
                toUnnamed.add(p + (m.isExported(p, unnamed) ? "+e" : "") + (m.isOpen(p, unnamed) ? "+o" : ""));
            System.out.println("  toUnnamed " + toUnnamed);
        }
        for (ResolvedModule r : new TreeSet<ResolvedModule>(java.util.Comparator.comparing(ResolvedModule::name)) {{ addAll(cf.modules()); }})
            if (r.configuration() != cf || r.reference().location().isEmpty())
                System.out.println("odd resolved module " + r.name());
        System.out.println("services " + sorted(ServiceLoader.load(layer, java.nio.file.spi.FileSystemProvider.class)
                .stream().map(p -> p.type().getName()).toList())
                + " " + sorted(ServiceLoader.load(layer, javax.tools.Tool.class).stream().map(p -> p.type().getName()).toList())
                + " " + sorted(ServiceLoader.load(java.sql.Driver.class).stream().map(p -> p.type().getName()).toList()));
        System.out.println("getModule " + (String.class.getModule() == layer.findModule("java.base").get())
                + " " + java.util.logging.Logger.class.getModule().getName()
                + " " + java.sql.Connection.class.getModule().getName()
                + " " + java.sql.Connection.class.getClassLoader().getName());
        ClassLoader platform = ClassLoader.getPlatformClassLoader(), app = ClassLoader.getSystemClassLoader();
        System.out.println("loaders " + platform.loadClass("java.sql.Driver").getModule().getName()
                + " " + app.loadClass("com.sun.tools.javac.Main").getModule().getName()
                + " " + app.loadClass("com.sun.tools.javac.Main").getClassLoader().getName()
                + " " + (platform.getUnnamedModule() != app.getUnnamedModule())
                + " " + (app.getUnnamedModule() == unnamed)
                + " " + (platform.getParent() == null) + " " + (app.getParent() == platform)
                + " " + (platform.getDefinedPackage("java.sql") != null)
                + " " + (ClassLoader.getSystemClassLoader().getResource("java/lang/Object.class") != null));
        System.out.println("reflection " + Module.class.getMethod("getName").invoke(String.class.getModule())
                + " " + (java.util.Set.of() == java.util.Set.of()) + " " + java.util.List.of().equals(List.of()));
    }

    static String run(List<String> opts) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(opts);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("BootLayerArchive");
        cmd.add("walk");
        // stdout only: --add-modules ALL-SYSTEM's incubator warning lists a Set in
        // iteration order, which ImmutableCollections' salt draws anew at each start.
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        int status = p.waitFor();
        return new String(out) + "exit " + status + "\n";
    }

    static String digest(String s) throws Exception {
        byte[] h = MessageDigest.getInstance("SHA-256").digest(s.getBytes());
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 6; i++) sb.append(String.format("%02x", h[i]));
        return sb.toString();
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            walk();
            return;
        }
        Path dir = Files.createTempDirectory("bootlayerarchive");
        try {
            // The archive this VM would use, if it has one (GlassVM: lib/server/glass-boot.gva).
            Path real = Path.of(System.getProperty("java.home"), "lib", "server", "glass-boot.gva");
            byte[] bytes = Files.exists(real) ? Files.readAllBytes(real) : new byte[4096];
            Path empty = Files.write(dir.resolve("empty.gva"), new byte[0]);
            Path truncated = Files.write(dir.resolve("truncated.gva"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
            byte[] g = new byte[bytes.length];
            new java.util.Random(42).nextBytes(g);
            Path garbage = Files.write(dir.resolve("garbage.gva"), g);
            byte[] flipped = bytes.clone();
            flipped[flipped.length - 100] ^= 0x55; // a payload byte: the checksum no longer holds
            Path corrupt = Files.write(dir.resolve("corrupt.gva"), flipped);
            byte[] stale = bytes.clone();
            if (stale.length > 32) stale[24] ^= 1; // GlassVM's header: libjvm.so's mtime
            Path staleFile = Files.write(dir.resolve("stale.gva"), stale);
            Path copy = Files.write(dir.resolve("copy.gva"), bytes);
            Path emptyDir = Files.createDirectory(dir.resolve("dir"));

            String base = run(List.of());
            System.out.print(base);
            String[][] same = {
                {"-Xshare:off"},
                {"-XX:SharedArchiveFile=" + dir.resolve("missing.gva")},
                {"-XX:SharedArchiveFile=" + empty}, {"-XX:SharedArchiveFile=" + truncated},
                {"-XX:SharedArchiveFile=" + garbage}, {"-XX:SharedArchiveFile=" + corrupt},
                {"-XX:SharedArchiveFile=" + staleFile}, {"-XX:SharedArchiveFile=" + copy},
                {"--module-path", emptyDir.toString()}, {"--upgrade-module-path", emptyDir.toString()},
                {"-Xbootclasspath/a:" + emptyDir},
            };
            for (String[] o : same)
                System.out.println(String.join(" ", o).replace(dir.toString(), "DIR") + ": "
                        + (run(List.of(o)).equals(base) ? "same" : "different"));
            String[][] changing = {
                {"--add-modules", "ALL-SYSTEM"},
                {"--limit-modules", "java.sql,jdk.compiler"},
                {"--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED"},
                {"--add-opens", "java.base/java.lang=ALL-UNNAMED"},
                {"--add-reads", "java.sql=ALL-UNNAMED"},
                {"--patch-module", "java.sql=" + emptyDir},
            };
            for (String[] o : changing) {
                String out = run(List.of(o));
                System.out.println(String.join(" ", o).replace(dir.toString(), "DIR") + ": "
                        + (out.equals(base) ? "same" : "different") + " " + digest(out));
            }
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
