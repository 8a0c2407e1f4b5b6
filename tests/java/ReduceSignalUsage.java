// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -Xrs (ReduceSignalUsage), which JVMs embedded in services run with: the shutdown signals
// keep their default action (Signal.handle refuses them; SIGTERM ends the process without
// running shutdown hooks), SIGQUIT is left alone (no thread dump: it ends the process), and
// the attach listener starts at start-up since SIGQUIT cannot trigger it;
// -XX:+StartAttachListener starts it at start-up too. Without them: hooks run on SIGTERM,
// SIGQUIT prints a thread dump and the VM goes on, and the listener waits for a tool.
// Each case runs a second VM (the same java binary).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class ReduceSignalUsage {
    public static class Child {
        public static void main(String[] args) throws Exception {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook ran")));
            try {
                sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> {});
                System.out.println("INT handler installed");
            } catch (IllegalArgumentException e) {
                System.out.println("INT refused: " + e.getMessage());
            }
            long pid = ProcessHandle.current().pid();
            System.out.println("attach socket at start: "
                    + Files.exists(Path.of(System.getProperty("java.io.tmpdir"), ".java_pid" + pid)));
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(60_000);
            System.out.println("not stopped");
        }
    }

    static void run(String signal, String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c", "ulimit -c 0; exec \"$@\"", "sh", java));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "ReduceSignalUsage$Child"));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        System.out.println("== " + String.join(" ", options) + " : SIG" + signal);
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            System.out.println(line);
            if (line.equals("ready")) break;
        }
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        if (signal.equals("QUIT")) {
            // A thread dump (if any) goes to the child's stdout; then end it ourselves.
            boolean dumped = false;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("Full thread dump")) dumped = true;
                if (line.startsWith("JNI global refs") || line.contains("JNI global references")) break;
            }
            System.out.println("thread dump: " + dumped + ", still running: " + p.isAlive());
            if (p.isAlive()) {
                p.destroy();
                while (r.readLine() != null) {} // the rest of the dump (HotSpot's heap summary)
                System.out.println("stopped with SIGTERM: " + (p.waitFor() == 143));
                return;
            }
        }
        while ((line = r.readLine()) != null) System.out.println(line);
        System.out.println("exit status " + p.waitFor());
    }

    public static void main(String[] args) throws Exception {
        run("TERM");
        run("TERM", "-Xrs");
        run("QUIT");
        run("QUIT", "-Xrs");
        run("TERM", "-XX:+StartAttachListener");
    }
}
