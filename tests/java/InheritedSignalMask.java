// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Djava.library.path=@NATIVE@ -Dsun.tools.attach.attachTimeout=60000
// A VM started by a process that left SIGQUIT, SIGHUP, SIGINT and SIGTERM blocked (a
// Java parent's ProcessBuilder child: Maven's and Gradle's forked test JVMs, IDE run
// configurations) still serves the tools and its shutdown signals, as HotSpot does by
// setting the signal mask it needs at start-up. This VM blocks the four signals on its
// main thread (InheritedSignalMask/sigmask.c) and starts a second VM (the same java
// binary), which inherits the mask. It then attaches to the child through the attach API
// (SIGQUIT is the attach trigger), asks for a thread dump with kill -QUIT, and ends the
// child with SIGTERM (Process.destroy), which must run the child's shutdown hook.
import com.sun.tools.attach.VirtualMachine;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

public class InheritedSignalMask {
    static native int blockSignals();
    static native boolean isBlocked(int sig);

    public static class Child {
        public static void main(String[] args) throws Exception {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("child: shutdown hook ran")));
            System.out.println("child: ready");
            System.out.flush();
            Thread.sleep(600_000);
            System.out.println("child: slept to the end");
        }
    }

    /* The child's output goes to a file: a pipe read while the child ends loses lines
     * (ProcessImpl drains and closes it when the process exits). */
    static File output;
    static int consumed; // lines of output already looked at

    /* The next complete line of the child's output starting with prefix, within the
     * given seconds, or null. The waits are short enough that a child that ignores the
     * signals fails the test before the runner's 60 s timeout. */
    static String await(String prefix, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        do {
            String text = new String(Files.readAllBytes(output.toPath()), StandardCharsets.UTF_8);
            String[] lines = text.split("\n", -1); // the last element is an incomplete line
            while (consumed < lines.length - 1) {
                String line = lines[consumed++];
                if (line.startsWith(prefix)) return line;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        return null;
    }

    public static void main(String[] args) throws Exception {
        System.loadLibrary("sigmask");
        System.out.println("blocked here: " + (blockSignals() == 0) + ", SIGQUIT " + isBlocked(3) + ", SIGTERM " + isBlocked(15));
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-Dtest.marker=child-of-InheritedSignalMask");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("InheritedSignalMask$Child");
        output = File.createTempFile("InheritedSignalMask", ".out");
        output.deleteOnExit();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output).start();
        try {
            talk(p);
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    static void talk(Process p) throws Exception {
        System.out.println(await("child: ready", 20));

        // Dynamic attach: the client sends SIGQUIT and waits (10 s by default, 60 s in this
        // test's options: a loaded machine or make check) for the listener's socket.
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(p.pid()));
            System.out.println("attached, test.marker = " + vm.getSystemProperties().getProperty("test.marker"));
            vm.detach();
        } catch (Exception e) {
            System.out.println("attach failed: " + e.getClass().getName());
        }

        new ProcessBuilder("kill", "-QUIT", Long.toString(p.pid())).start().waitFor();
        String dump = await("Full thread dump", 10);
        System.out.println("thread dump after SIGQUIT: " + (dump != null));

        p.destroy(); // SIGTERM
        if (p.waitFor(10, TimeUnit.SECONDS)) {
            System.out.println(await("child: shutdown hook ran", 5));
            System.out.println("child exit status: " + p.exitValue());
        } else {
            System.out.println("child ignored SIGTERM");
        }
    }
}
