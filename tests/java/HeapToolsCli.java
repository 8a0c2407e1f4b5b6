// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The JDK's own jmap and jcmd (from this VM's java.home, so on GlassVM they run on
// GlassVM too) against this process: jmap -dump (live, all, gz; an existing file),
// jmap -histo (live, all, to a file; a bad option), jcmd GC.heap_dump, GC.class_histogram,
// GC.heap_info and their bad arguments. What the tools print and their exit statuses,
// with the pid, paths, sizes and times normalized; dumps are read back.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class HeapToolsCli {
    static class Marker {
        int value;
    }

    static Marker[] markers = new Marker[4321];
    static Path dir;
    static long pid = ProcessHandle.current().pid();

    static String normalize(String s) {
        if (s.isEmpty()) return s;
        StringBuilder out = new StringBuilder();
        int rows = 0;
        for (String line : s.split("\n")) {
            // Histogram rows first: a row's number may be the pid's digits, which the
            // masking below would change.
            if (line.matches(" *\\d+: +\\d+ +\\d+  .*")) {
                // histogram rows: only the program's own class, the rest counted
                if (line.endsWith("  HeapToolsCli$Marker")) out.append(line.replaceAll("^ *\\d+: +(\\d+) +\\d+", "  n: $1 B")).append('\n');
                rows++;
                continue;
            }
            line = line.replace(dir.toString(), "DIR").replace(pid + ":", "PID:")
                    .replaceAll("\\[\\d+ bytes in \\d+\\.\\d{3} secs\\]", "[N bytes in T secs]");
            if (line.startsWith("Total ")) line = "Total N B";
            if (line.matches("^ .* total \\d+K, used \\d+K \\[0x[0-9a-f]{16}, 0x[0-9a-f]{16}\\)$")) line = " HEAP total NK, used NK [LO, HI)";
            else if (line.startsWith("  ") && out.toString().endsWith("[LO, HI)\n")) continue; // collector-specific detail
            if (line.startsWith(" Metaspace") || line.startsWith("  class space")) continue;
            out.append(line).append('\n');
        }
        if (rows > 0) out.append("(" + (rows > 50 ? "many" : "few") + " histogram rows)\n");
        return out.toString();
    }

    static void tool(String name, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", name).toString());
        cmd.add("-J-Dsun.tools.attach.attachTimeout=60000"); // a loaded machine or make check: the 10 s default is short
        for (String a : args) cmd.add(a.replace("PID", Long.toString(pid)).replace("DIR", dir.toString()));
        Process p = new ProcessBuilder(cmd).start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread t = new Thread(() -> {
            try (InputStream in = p.getErrorStream()) {
                in.transferTo(err);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        t.start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), "UTF-8");
        }
        int status = p.waitFor();
        t.join();
        System.out.println("$ " + name + " " + String.join(" ", args));
        System.out.print(normalize(out));
        String e = err.toString("UTF-8");
        // jmap's usage text after "Fail: ..." is the tool's own: its first line is enough
        if (!e.isEmpty()) System.out.println("stderr: " + normalize(e).split("\n")[0]);
        System.out.println("exit " + status);
    }

    static void check(String file) throws Exception {
        Hprof h = Hprof.read(dir.resolve(file));
        int n = 0;
        for (Hprof.Instance o : h.instances.values())
            if (h.className(o.classId).equals("HeapToolsCli$Marker")) n++;
        System.out.println(file + ": " + h.header + ", Marker instances " + n + ", problems " + h.problems);
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < markers.length; i++) markers[i] = new Marker();
        dir = Files.createTempDirectory("heaptoolscli");
        try {
            tool("jmap", "-dump:live,format=b,file=DIR/live.hprof", "PID");
            tool("jmap", "-dump:format=b,file=DIR/all.hprof.gz,gz=3", "PID");
            tool("jmap", "-dump:format=b,file=DIR/live.hprof", "PID");
            tool("jmap", "-histo:live", "PID");
            tool("jmap", "-histo:all,file=DIR/histo.txt", "PID");
            System.out.print(normalize(Files.readString(dir.resolve("histo.txt"))));
            tool("jmap", "-histo:bogus", "PID");
            tool("jcmd", "PID", "GC.heap_dump", "-all", "DIR/jcmd.hprof");
            tool("jcmd", "PID", "GC.heap_dump");
            tool("jcmd", "PID", "GC.class_histogram", "-all");
            tool("jcmd", "PID", "GC.class_histogram", "-bogus");
            tool("jcmd", "PID", "GC.heap_info");
            check("live.hprof");
            check("all.hprof.gz");
            check("jcmd.hprof");
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
        System.out.println(markers.length);
    }
}
