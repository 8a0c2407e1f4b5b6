// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Unified Logging's -Xlog option (JEP 158/271) as HotSpot 17 has it: selections (exact tag
// sets, '*', levels, all, disable), outputs (stdout, stderr, file= with %p, rotation with
// filecount/filesize, an existing file archived), decorators and their padding, the error
// texts and exit status of bad options, -Xlog:help's skeleton, the -verbose aliases. Each
// case runs a child VM (the same java binary). What the two VMs log differs (G1's many
// tag sets, its figures), so each line is printed only if its tag set is one GlassVM has
// and its text one both print, with the numbers masked.
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class XlogOptions {
    public static class Loaded {
    }

    public static class Child {
        public static void main(String[] args) throws Exception {
            System.out.println("child ran");
            Class.forName("XlogOptions$Loaded");
            Thread t = new Thread(() -> { });
            t.start();
            t.join();
            System.gc();
        }
    }

    static File dir;

    // "[deco][deco]... message": the decorations, then the message.
    static final Pattern LINE = Pattern.compile("^((?:\\[[^\\]]*\\])*) ?(.*)$");

    static String maskDigits(String s) {
        return s.replaceAll("[0-9]+", "#");
    }

    // The message if both VMs print it (numbers masked), else null.
    static String comparable(String msg) {
        if (msg.startsWith("Using ")) return "Using <collector>";
        if (msg.matches("GC\\(\\d+\\) Pause Full \\(System.gc\\(\\)\\) \\d+M->\\d+M\\(\\d+M\\) [\\d.]+ms"))
            return maskDigits(msg);
        if (msg.matches("GC\\(\\d+\\) Pause Full \\(System.gc\\(\\)\\)")) return maskDigits(msg);
        if (msg.matches("GC\\(\\d+\\) User=\\d+\\.\\d\\ds Sys=\\d+\\.\\d\\ds Real=\\d+\\.\\d\\ds")) return maskDigits(msg);
        if (msg.startsWith("Version: ") || msg.startsWith("CPUs: ") || msg.startsWith("Memory: ")) return msg;
        if (msg.matches("Heap (Min|Initial|Max) Capacity: \\d+M")) return maskDigits(msg);
        if (msg.equals("Heap")) return msg;
        if (msg.matches("Minimum heap \\d+  Initial heap \\d+  Maximum heap \\d+")) return maskDigits(msg);
        if (msg.matches("GC\\(\\d+\\) Heap (before|after) GC invocations=\\d+ \\(full \\d+\\):")) return maskDigits(msg);
        if (msg.matches("(GC\\(\\d+\\) )? .* total \\d+K, used \\d+K \\[0x\\p{XDigit}{16}, 0x\\p{XDigit}{16}\\)"))
            return maskDigits(msg.replaceFirst(" \\S.* total", " <collector's heap> total").replaceAll("0x\\p{XDigit}+", "0x#"));
        if (msg.matches("Thread attached \\(tid: \\d+, pthread id: \\d+, stack: 0x\\p{XDigit}{16} - 0x\\p{XDigit}{16} \\(\\d+K\\) \\)\\.")
                || msg.matches("Thread (is alive|finished) \\(tid: \\d+, pthread id: \\d+\\)\\.")
                || msg.matches("JavaThread exiting \\(tid: \\d+\\)\\."))
            return msg.replaceAll("0x\\p{XDigit}+", "0x#").replaceAll("[0-9]+", "#");
        if (msg.matches("Safepoint \"\\w+\", Time since last: \\d+ ns, Reaching safepoint: \\d+ ns, Cleanup: \\d+ ns, At safepoint: \\d+ ns, Total: \\d+ ns"))
            return maskDigits(msg.replaceFirst("\"\\w+\"", "\"<operation>\""));
        if (msg.startsWith("XlogOptions$Loaded source: ")) return "XlogOptions$Loaded source: <masked>";
        return null;
    }

    static final List<String> OUR_TAGS = Arrays.asList("gc", "gc,init", "gc,start", "gc,cpu", "gc,heap,exit",
            "gc,heap", "class,load", "class,unload", "jni,resolve", "logging", "safepoint", "os,thread");

    // keepPadding: the decorations exactly (the selection names only sets both VMs log).
    static void printLines(String what, String text, boolean keepPadding) {
        System.out.println(" " + what + ":");
        boolean safepointSeen = false; // each VM stops the world as often as it needs: the first line's shape
        java.util.TreeSet<String> threadLines = new java.util.TreeSet<>(); // each VM has its own threads: the shapes
        for (String line : text.split("\n", -1)) {
            if (line.isEmpty()) continue;
            if (line.equals("child ran")) {
                System.out.println("  child ran");
                continue;
            }
            Matcher m = LINE.matcher(line);
            m.matches();
            String decos = m.group(1), msg = m.group(2);
            // The tags decoration, if any, names the tag set.
            String tags = null;
            Matcher d = Pattern.compile("\\[([^\\]]*)\\]").matcher(decos);
            StringBuilder shape = new StringBuilder();
            while (d.find()) {
                String v = d.group(1);
                String t = v.trim();
                if (t.matches("[a-z]+(,[a-z]+)*") && !t.matches("trace|debug|info|warning|error")) tags = t;
                shape.append('[').append(maskDigits(keepPadding ? v : t)).append(']');
            }
            if (tags != null && !OUR_TAGS.contains(tags)) continue;
            if ("os,thread".equals(tags)) {
                String c = comparable(msg);
                if (c != null) threadLines.add("  " + shape + " " + c);
                continue;
            }
            if ("safepoint".equals(tags)) {
                if (safepointSeen) continue;
                safepointSeen = true;
            }
            if (tags != null && tags.equals("logging")) {
                // The suggestions are each VM's own (its tag sets).
                System.out.println("  " + shape + " " + msg.replaceFirst("Did you mean any of the following\\?.*", "Did you mean ..."));
                continue;
            }
            String c = comparable(msg);
            if (c == null && decos.isEmpty() && what.equals("stderr")) c = line; // the launcher's and the VM's errors
            if (c == null) continue;
            System.out.println("  " + shape + (shape.length() > 0 ? " " : "") + c);
        }
        for (String l : threadLines) System.out.println(l);
    }

    static int run(String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(Arrays.asList(options));
        cmd.add("-cp");
        cmd.add(new File(System.getProperty("java.class.path")).getAbsolutePath());
        cmd.add("XlogOptions$Child");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        File out = new File(dir, "out.txt"), err = new File(dir, "err.txt");
        pb.redirectOutput(out).redirectError(err);
        Process p = pb.start();
        int rc = p.waitFor();
        System.out.println("== " + String.join(" ", options));
        printLines("stdout", Files.readString(out.toPath()), options.length > 0 && options[0].contains("uptime,pid"));
        printLines("stderr", Files.readString(err.toPath()), false);
        System.out.println(" exit status " + rc);
        out.delete();
        err.delete();
        return (int) p.pid();
    }

    static void listFiles(String prefix) throws Exception {
        listFiles(prefix, false);
    }

    // liveMayBeEmpty: rotation follows a write, so the live file is empty when the last
    // message filled it up (it depends on how many bytes each VM logs).
    static void listFiles(String prefix, boolean liveMayBeEmpty) throws Exception {
        String[] names = dir.list((d, n) -> n.startsWith(prefix));
        Arrays.sort(names);
        for (String n : names) {
            List<String> lines = Files.readAllLines(new File(dir, n).toPath(), StandardCharsets.UTF_8);
            boolean allLoad = !lines.isEmpty() && lines.stream().allMatch(
                    l -> l.matches("\\[\\d+\\.\\d{3}s\\]\\[info\\]\\[class,load *\\] \\S+ source: .*") || l.equals("old"));
            if (liveMayBeEmpty && n.equals(prefix) && lines.isEmpty()) {
                System.out.println(" file " + n + ": first: log lines, class+load shape: true");
                continue;
            }
            String first = lines.isEmpty() ? "(empty)" : lines.get(0).equals("old") ? "old" : "log lines";
            System.out.println(" file " + n + ": " + (lines.isEmpty() ? "empty" : "first: " + first + ", class+load shape: " + allLoad));
        }
    }

    static void clean() {
        for (File f : dir.listFiles()) f.delete();
    }

    public static void main(String[] args) throws Exception {
        dir = Files.createTempDirectory("xlog").toFile();
        try {
            // Selections: exact tag sets, wildcards, levels, all, off.
            run("-Xlog:gc");
            run("-Xlog:gc*");
            run("-Xlog:gc+init");
            run("-Xlog:gc+start,gc+cpu=info");
            run("-Xlog:gc*=info,gc+init=off");
            run("-Xlog:gc=warning");
            run("-Xlog:all=off,gc+heap+exit");
            run("-Xlog:gc+heap=debug");
            run("-Xlog:class+load");
            run("-Xlog:safepoint");
            run("-Xlog:os+thread");
            run("-Xlog:gc", "-Xlog:class+load");
            run("-Xlog:disable", "-Xlog:gc");
            run("-Xlog:gc", "-Xlog:disable");
            run("-Xlog:gc", "-Xlog:gc=off");
            // The -verbose aliases.
            run("-verbose:gc");
            run("-verbose:class");
            run("-verbose:jni");
            // Outputs and decorators.
            run("-Xlog:gc=info:stderr");
            run("-Xlog:gc:stdout:uptime,pid,level,tags,tid");
            run("-Xlog:gc,gc+start,gc+cpu:stdout:uptime,pid,level,tags");
            run("-Xlog:gc:stdout:none");
            run("-Xlog:gc::l,tg");
            run("-Xlog:gc:stdout:time,utctime,uptimemillis,timemillis,uptimenanos,timenanos");
            run("-Xlog:gc:stdout::filecount=3");
            run("-Xlog:gc:stdout:uptime:foo=1");
            // Errors: texts and exit status.
            run("-Xlog:foo");
            run("-Xlog:gc=bar");
            run("-Xlog:gc:stdout:bogus");
            run("-Xlog:gc:stdout:uptime,none");
            run("-Xlog:gc+gc");
            run("-Xlog:gc+foo+bar");
            // A selection no tag set matches: a warning, and the VM runs.
            run("-Xlog:class+heap");
            run("-Xlog:gc+class*=debug");
            run("-Xlog:gc:file=no/such/dir/x.log");
            run("-Xlog:gc:file=f.log::filecount=x");
            run("-Xlog:gc:file=f.log::filecount=1001");
            run("-Xlog:gc:file=f.log:uptime:filesize=2x");
            run("-Xlog:gc:file=f.log:uptime:foo=1");
            clean();
            // Files: the log goes to the file, not stdout; %p is the pid.
            run("-Xlog:class+load:file=f.log");
            listFiles("f.log");
            clean();
            int pid = run("-Xlog:class+load:file=p%p.log");
            System.out.println(" pid file: " + new File(dir, "p" + pid + ".log").exists());
            clean();
            // Rotation: an existing file is archived at the first free number, the live one
            // rotates after filesize bytes, through filecount archives.
            Files.writeString(new File(dir, "r.log").toPath(), "old\n");
            Files.writeString(new File(dir, "r.log.0").toPath(), "old\n");
            run("-Xlog:class+load:file=r.log::filecount=3");
            listFiles("r.log");
            clean();
            run("-Xlog:class+load:file=r.log:uptime,level,tags:filecount=2,filesize=1k");
            listFiles("r.log", true);
            clean();
            // filecount=0: no rotation, an existing file is overwritten.
            Files.writeString(new File(dir, "z.log").toPath(), "old\n");
            run("-Xlog:class+load:file=z.log::filecount=0");
            listFiles("z.log");
            clean();
            // -Xlog:help: the usage's skeleton (the tag lists are each VM's own).
            String java = ProcessHandle.current().info().command().orElseThrow();
            Process p = new ProcessBuilder(java, "-Xlog:help").redirectErrorStream(true).start();
            String help = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            System.out.println("== -Xlog:help, exit status " + p.waitFor());
            String[] h = help.split("\n");
            for (int i = 0; i < h.length; i++) {
                String l = h[i];
                if (i < 3 || (l.startsWith("Available log") && !l.startsWith("Available log tag sets")) || l.startsWith(" off,") || l.startsWith(" time (t)")
                        || l.startsWith(" Decorators can") || l.startsWith(" Specifying 'all'") || l.startsWith(" stdout/stderr")
                        || l.startsWith(" file=<filename>") || l.startsWith("   filesize=") || l.startsWith("   filecount=")
                        || l.startsWith("Described tag sets:") || l.startsWith(" logging:"))
                    System.out.println(" " + l);
            }
        } finally {
            clean();
            dir.delete();
        }
    }
}
