// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The SIGQUIT thread dump: a second VM (the same java binary) sets up threads waiting in
// Object.wait, blocked entering a monitor, sleeping and parked, then sends itself SIGQUIT
// and goes on. This VM reads the child's output and prints, for the child's own threads,
// the dump's state line, frames and monitor lines, with what differs between runs and VMs
// taken out (addresses, thread numbers, times, kernel ids, hidden-class suffixes); plus
// whether the header came and the child went on after the dump. The child keeps its
// threads as they are until this VM has read them in the dump.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

public class ThreadDump {
    static final Object waitLock = new Object();
    static final Object held = new Object();

    static void waitForever() {
        synchronized (waitLock) {
            try { waitLock.wait(); } catch (InterruptedException e) { }
        }
    }

    static void enterHeld() {
        synchronized (held) { }
    }

    static void napForever() {
        try { Thread.sleep(600_000); } catch (InterruptedException e) { }
    }

    static void parkForever() {
        LockSupport.park(waitLock);
    }

    static Thread daemon(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    static void await(Thread t, Thread.State s) throws InterruptedException {
        while (t.getState() != s) Thread.sleep(5);
    }

    public static class Child {
        public static void main(String[] args) throws Exception {
            synchronized (held) {
                await(daemon("td-waiter", ThreadDump::waitForever), Thread.State.WAITING);
                await(daemon("td-blocked", ThreadDump::enterHeld), Thread.State.BLOCKED);
                await(daemon("td-sleeper", ThreadDump::napForever), Thread.State.TIMED_WAITING);
                await(daemon("td-parked", ThreadDump::parkForever), Thread.State.WAITING);
                String pid = Long.toString(ProcessHandle.current().pid());
                new ProcessBuilder("kill", "-QUIT", pid).start().waitFor();
                // The dump is written by another thread, some time after the signal: hold
                // the monitor (td-blocked stays blocked) until the parent has read our
                // threads in it (a fixed 500 ms of sleep need not be enough on a loaded
                // machine or under make check). At most 30 s: a dump that never comes
                // shows in the output.
                CountDownLatch told = new CountDownLatch(1);
                Thread reader = new Thread(() -> {
                    try {
                        if (System.in.read() >= 0) told.countDown();
                    } catch (IOException e) { }
                });
                reader.setDaemon(true);
                reader.start();
                told.await(30, TimeUnit.SECONDS);
            }
            System.out.println("child: after the dump");
        }
    }

    static String normalize(String line) {
        return line.replaceAll("<0x[0-9a-f]+>", "<ADDR>")
                   .replaceAll("\\$\\$Lambda\\$\\d+/0x[0-9a-f]+", "\\$\\$Lambda")
                   .replaceAll("\"(td-[a-z]+)\" #\\d+ (daemon )?prio=(\\d+) .*", "\"$1\" $2prio=$3");
    }

    public static void main(String[] args) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("ThreadDump$Child");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        boolean header = false, inOurs = false;
        int ours = 0; // the child's threads seen in the dump
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null;) {
                if (line.startsWith("Full thread dump ")) header = true;
                if (line.startsWith("\"")) {
                    inOurs = line.startsWith("\"td-");
                    if (inOurs) ours++;
                }
                // A thread's lines are indented; anything else (HotSpot's VM-internal
                // threads, "JNI global refs: ...") ends it, whichever thread comes last.
                else if (!line.isEmpty() && line.charAt(0) != ' ' && line.charAt(0) != '\t') inOurs = false;
                if (line.startsWith("child:")) {
                    out.add(line);
                    inOurs = false;
                } else if (inOurs && !line.isEmpty()) {
                    out.add(normalize(line));
                }
                // Past the last of our four threads: the child may go on.
                if (ours == 4 && !inOurs) {
                    p.getOutputStream().write('\n');
                    p.getOutputStream().close();
                    ours++;
                }
            }
        }
        System.out.println("exit status " + p.waitFor());
        System.out.println("header: " + header);
        // The threads in the order the dump lists them (creation order on both VMs).
        for (String l : out) System.out.println(l);
    }
}
