// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The JDK's jdb and its `redefine` command: the program starts a debuggee (the same java
// binary, with the JDK's JDWP agent, suspended) and the jdb of its java.home attached to
// it, and plays a HotSwap session, each command sent once the previous one has answered
// (its prompt came back): stop in compute, redefine the class from a class file, see the
// obsolete frame, pop it, set the breakpoint again, continue into the new version. The
// transcript (prompts left out) and the debuggee's output are printed.
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

public class JdbRedefine {
    static final StringBuilder received = new StringBuilder();
    static int consumed;
    static OutputStream toJdb;

    /** Waits until jdb's output, after what was consumed, contains `what` (then the prompt
     * that follows when `prompt`); prints that part without prompts and consumes it. */
    static void expect(String what, boolean prompt) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        synchronized (received) {
            for (;;) {
                int at = received.indexOf(what, consumed);
                int end = at < 0 ? -1 : at + what.length();
                if (end >= 0 && prompt) {
                    int p = received.indexOf("main[1] ", end);
                    end = p < 0 ? -1 : p + "main[1] ".length();
                }
                if (end >= 0) {
                    String part = received.substring(consumed, end);
                    consumed = end;
                    for (String line : part.replace("main[1] ", "").split("\n")) {
                        // A running VM's prompt ("> ") comes whenever jdb gets to it.
                        line = line.replaceAll("(^|\\s)>(?=\\s|$)", "$1").replaceAll("\\s+", " ").strip();
                        if (!line.isEmpty()) System.out.println("  " + line);
                    }
                    return;
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) throw new IllegalStateException("jdb did not answer '" + what + "': " + received.substring(consumed));
                received.wait(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        }
    }

    static void send(String command) throws Exception {
        System.out.println("> " + command.replaceAll("/\\S*/JdbDeb\\d*\\.class", "(a temporary file)"));
        toJdb.write((command + "\n").getBytes(StandardCharsets.UTF_8));
        toJdb.flush();
    }

    public static void main(String[] args) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        String cp = System.getProperty("java.class.path");
        Path v2 = Files.createTempFile("JdbDeb", ".class");
        Files.write(v2, Redef.versionOf("JdbDeb", "v2"));

        Process deb = new ProcessBuilder(java, "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0",
                                         "-cp", cp, "JdbDeb").redirectErrorStream(true).start();
        BufferedReader debOut = new BufferedReader(new InputStreamReader(deb.getInputStream(), StandardCharsets.UTF_8));
        String listening = debOut.readLine(); // Listening for transport dt_socket at address: PORT
        String port = listening.substring(listening.lastIndexOf(':') + 1).trim();

        String jdbPath = System.getProperty("java.home") + File.separator + "bin" + File.separator + "jdb";
        Process jdb = new ProcessBuilder(jdbPath, "-attach", "127.0.0.1:" + port).redirectErrorStream(true).start();
        toJdb = jdb.getOutputStream();
        InputStream fromJdb = jdb.getInputStream();
        Thread pump = new Thread(() -> {
            byte[] buf = new byte[4096];
            try {
                for (int n; (n = fromJdb.read(buf)) > 0;)
                    synchronized (received) {
                        received.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                        received.notifyAll();
                    }
            } catch (Exception e) {
            }
        });
        pump.start();

        expect("No frames on the current call stack", false);
        send("stop at JdbDeb:5");
        expect("It will be set after the class is loaded.", true);
        send("run");
        expect("Breakpoint hit:", true);
        send("where");
        expect("[2]", true);
        send("redefine JdbDeb " + v2);
        expect("", true);
        send("where");
        expect("[2]", true);
        send("pop");
        expect("", true);
        send("where");
        expect("[1]", true);
        send("stop at JdbDeb:5");
        expect("Set breakpoint", true);
        send("cont");
        expect("Breakpoint hit:", true);
        send("where");
        expect("[2]", true);
        send("clear JdbDeb:5");
        expect("Removed", true);
        // jdb still holds the breakpoint it had before the redefinition, set again.
        send("cont");
        expect("Breakpoint hit:", true);
        send("clear JdbDeb:5");
        expect("Removed", true);
        send("cont");
        expect("The application exited", false);
        toJdb.close();
        pump.join(120_000);
        System.out.println("jdb exit " + jdb.waitFor());
        for (String line; (line = debOut.readLine()) != null;) System.out.println("debuggee| " + line);
        System.out.println("debuggee exit " + deb.waitFor());
        Files.delete(v2);
    }
}
