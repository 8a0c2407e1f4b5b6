// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
//
// Java-level deadlock reports (HotSpot's "Found one Java-level deadlock:" format) in
// `jstack -l` and `jcmd Thread.print`, for a cycle of object monitors and a cycle of
// ReentrantLocks (ownable synchronizers, found through the lock a parked thread waits
// for and AbstractOwnableSynchronizer.exclusiveOwnerThread), and the "Locked ownable
// synchronizers" sections of jstack -l. The JDK's tools run against this VM; a child VM
// deadlocked the same way prints the report in its SIGQUIT dump. Addresses are masked,
// everything else is compared.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

public class DeadlockReport {
    static final Object A = new Object(), B = new Object();
    static final ReentrantLock L1 = new ReentrantLock(), L2 = new ReentrantLock();
    static final CountDownLatch monitorsTaken = new CountDownLatch(2), locksTaken = new CountDownLatch(2);

    static void await(CountDownLatch l) {
        l.countDown();
        try {
            l.await();
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }

    static class MonitorTask implements Runnable {
        final Object first, second;

        MonitorTask(Object first, Object second) {
            this.first = first;
            this.second = second;
        }

        public void run() {
            synchronized (first) {
                await(monitorsTaken);
                synchronized (second) {
                    System.out.println("unreachable");
                }
            }
        }
    }

    static class LockTask implements Runnable {
        final ReentrantLock first, second;

        LockTask(ReentrantLock first, ReentrantLock second) {
            this.first = first;
            this.second = second;
        }

        public void run() {
            first.lock();
            await(locksTaken);
            second.lock();
            System.out.println("unreachable");
        }
    }

    static String run(String tool, String... args) throws Exception {
        String[] cmd = new String[args.length + 2];
        cmd[0] = System.getProperty("java.home") + "/bin/" + tool;
        cmd[1] = "-J-Dsun.tools.attach.attachTimeout=60000"; // a loaded machine or make check: the 10 s default is short
        System.arraycopy(args, 0, cmd, 2, args.length);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        System.out.println(tool + " " + String.join(" ", args).replaceAll("\\d{3,}", "PID") + ": exit " + p.waitFor());
        return out.toString("UTF-8").replaceAll("0x[0-9a-f]+", "0x?");
    }

    static String from(String text, String start) {
        int i = text.indexOf(start);
        return i < 0 ? "(no " + start + ")" : text.substring(i);
    }

    /* The thread's "Locked ownable synchronizers" lines in a jstack -l dump. */
    static String synchronizers(String dump, String name) {
        int i = dump.indexOf("\"" + name + "\" #");
        int j = i < 0 ? -1 : dump.indexOf("   Locked ownable synchronizers:\n", i);
        if (j < 0) return "(none listed)";
        return dump.substring(j, dump.indexOf("\n\n", j));
    }

    static Thread[] deadlock() throws InterruptedException {
        Thread[] threads = {new Thread(new MonitorTask(A, B), "mon-1"), new Thread(new MonitorTask(B, A), "mon-2"),
                new Thread(new LockTask(L1, L2), "juc-1"), new Thread(new LockTask(L2, L1), "juc-2")};
        for (Thread t : threads) {
            t.setDaemon(true);
            t.start();
        }
        /* Deadlocked once the monitor threads block and the lock threads park for good. */
        while (threads[0].getState() != Thread.State.BLOCKED || threads[1].getState() != Thread.State.BLOCKED
                || !L1.hasQueuedThread(threads[3]) || !L2.hasQueuedThread(threads[2])
                || threads[2].getState() != Thread.State.WAITING || threads[3].getState() != Thread.State.WAITING)
            Thread.sleep(10);
        return threads;
    }

    /* The SIGQUIT dump of a child VM (this class, deadlocked) on its standard output. */
    static void sigquit() throws Exception {
        String java = System.getProperty("java.home") + "/bin/java";
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "DeadlockReport", "child")
                .redirectErrorStream(true).start();
        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream()));
        String line = in.readLine();
        System.out.println("child: " + line);
        Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(child.pid())).start();
        System.out.println("kill -QUIT: exit " + kill.waitFor());
        StringBuilder report = new StringBuilder();
        boolean in_report = false;
        while ((line = in.readLine()) != null) {
            if (line.startsWith("Found one Java-level deadlock:")) in_report = true;
            if (in_report) report.append(line.replaceAll("0x[0-9a-f]+", "0x?")).append('\n');
            if (line.startsWith("Found 2 deadlocks.")) break;
        }
        child.destroy();
        child.waitFor();
        System.out.println("SIGQUIT report:\n" + report);
    }

    public static void main(String[] args) throws Exception {
        Thread[] threads = deadlock();
        if (args.length > 0 && args[0].equals("child")) {
            System.out.println("deadlocked");
            Thread.sleep(60000);
            return;
        }

        String pid = Long.toString(ProcessHandle.current().pid());
        String jstack = run("jstack", "-l", pid);
        for (Thread t : threads) System.out.println(t.getName() + ":\n" + synchronizers(jstack, t.getName()));
        System.out.println(from(jstack, "Found one Java-level deadlock:"));

        String print = run("jcmd", pid, "Thread.print");
        System.out.println("Thread.print lists synchronizers: " + print.contains("Locked ownable synchronizers"));
        System.out.println("same report: " + from(print, "Found one").equals(from(jstack, "Found one")));
        sigquit();
    }
}
