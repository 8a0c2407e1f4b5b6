// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -XX:+HeapDumpOnOutOfMemoryError: a child VM (this test's own VM, from java.home) runs
// out of heap; the first OutOfMemoryError writes a dump (to java_pid<pid>.hprof in the
// HeapDumpPath directory, or to the HeapDumpPath file as given, gzip-compressed with
// -XX:HeapDumpGzipLevel) with HotSpot's messages on stdout, later ones do not; an
// existing file is not replaced. The dump is read back and holds the objects that filled
// the heap.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class HeapDumpOnOOM {
    static class Hog {
        int id;
        byte[] payload;
    }

    static List<Hog> hogs = new ArrayList<>();

    static void fill() {
        for (int i = 0;; i++) {
            Hog h = new Hog();
            h.id = i;
            h.payload = new byte[64 * 1024];
            hogs.add(h);
        }
    }

    static void child() {
        try {
            fill();
        } catch (OutOfMemoryError e) {
            int n = hogs.size();
            hogs = null; /* first: even the handler needs some heap */
            hogs = new ArrayList<>();
            System.out.println("caught: " + e.getMessage());
            System.out.println("hogs: " + n);
        }
        try {
            fill();
        } catch (OutOfMemoryError e) {
            hogs = null;
            System.out.println("caught again: " + e.getMessage());
        }
    }

    static Path dir;

    /* Runs a child VM with the options; returns the number of hogs it reports. */
    static int runChild(String... options) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx32m");
        for (String o : options) cmd.add(o);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("HeapDumpOnOOM");
        cmd.add("child");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        int hogs = -1;
        System.out.println("-- child with " + String.join(" ", options).replace(dir.toString(), "DIR"));
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null;) {
                if (line.startsWith("hogs: ")) {
                    hogs = Integer.parseInt(line.substring(6));
                    continue;
                }
                System.out.println(line.replace(dir.toString(), "DIR").replace("java_pid" + p.pid(), "java_pid<PID>")
                        .replaceAll("\\[\\d+ bytes in \\d+\\.\\d{3} secs\\]", "[N bytes in T secs]"));
            }
        }
        System.out.println("exit status " + p.waitFor());
        return hogs;
    }

    static void check(Path file, int hogs) throws Exception {
        Hprof h = Hprof.read(file);
        int found = 0, payloads = 0;
        for (Hprof.Instance o : h.instances.values()) {
            if (!h.className(o.classId).equals("HeapDumpOnOOM$Hog")) continue;
            found++;
            Hprof.PrimArray a = h.primArrays.get((Long) h.fields(o).get("payload"));
            if (a != null && a.length == 64 * 1024 && a.type == 8) payloads++;
        }
        System.out.println(file.getFileName().toString().replaceAll("java_pid\\d+", "java_pid<PID>") + ": " + h.header
                + ", every hog the child had is in it: " + (hogs > 0 && found >= hogs && payloads >= hogs)
                + ", problems " + h.problems);
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child();
            return;
        }
        dir = Files.createTempDirectory("oomdump");
        try {
            int hogs = runChild("-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath=" + dir);
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    check(p, hogs);
                    Files.delete(p);
                }
            }
            Path gz = dir.resolve("oom.hprof.gz");
            hogs = runChild("-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath=" + gz, "-XX:HeapDumpGzipLevel=1");
            check(gz, hogs);
            runChild("-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath=" + gz);
            runChild("-XX:HeapDumpPath=" + dir);
            try (var files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).sorted().forEach(n -> System.out.println("file: " + n));
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
    }
}
