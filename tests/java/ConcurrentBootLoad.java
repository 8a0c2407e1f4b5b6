// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Threads racing to load the same boot classes (the first use of each): every thread gets
// a usable Class (name, superclass, loader), never one still being defined, and the race
// never deadlocks with the collections that allocation pressure starts meanwhile. The
// program runs itself in child VMs with GLASS_GC_STRESS=50 (a collection every 50
// allocations on GlassVM; HotSpot ignores it), so collections fall inside the window
// between a class's definition and its mirror. The first child that hangs is reported:
// the six children share 80% of the runner's limit (tests/run exports TIMEOUT, 60 s or
// make check's 180 s), so that a hang is reported before the runner kills this VM, and
// children slowed down by the sanitizers or a loaded machine are not taken for hung
// (each had 25 s, and they take ~6 s each under make check).
import java.io.*;
import java.util.concurrent.TimeUnit;

public class ConcurrentBootLoad {
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            String java = System.getProperty("java.home") + "/bin/java";
            String limit = System.getenv("TIMEOUT");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limit != null ? Long.parseLong(limit) : 60) * 8 / 10;
            for (int i = 0; i < 6; i++) {
                ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                        "ConcurrentBootLoad", "child");
                pb.environment().put("GLASS_GC_STRESS", "50");
                pb.redirectErrorStream(true);
                Process p = pb.start();
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                Thread reader = new Thread(() -> {
                    try { p.getInputStream().transferTo(out); } catch (IOException e) { }
                });
                reader.start();
                if (!p.waitFor(Math.max(deadline - System.nanoTime(), 0), TimeUnit.NANOSECONDS)) {
                    p.destroyForcibly();
                    System.out.println("child " + i + ": hung");
                    break;
                }
                reader.join();
                System.out.print("child " + i + ": exit " + p.exitValue() + ", " + out);
            }
            return;
        }
        child();
    }

    static void child() throws Exception {
        String[] names = {
            "java.util.concurrent.ConcurrentSkipListMap", "java.util.concurrent.ConcurrentSkipListSet",
            "java.util.concurrent.LinkedTransferQueue", "java.util.concurrent.Exchanger",
            "java.util.concurrent.Phaser", "java.util.concurrent.DelayQueue",
            "java.util.concurrent.PriorityBlockingQueue", "java.util.concurrent.SynchronousQueue",
            "java.util.concurrent.LinkedBlockingDeque", "java.util.concurrent.CopyOnWriteArraySet",
            "java.util.zip.Adler32", "java.util.zip.CRC32C", "java.util.zip.Deflater",
            "java.util.zip.GZIPOutputStream", "java.util.zip.CheckedInputStream",
            "java.util.BitSet", "java.util.EnumMap", "java.util.IdentityHashMap", "java.util.WeakHashMap",
            "java.util.TreeSet", "java.util.Stack", "java.util.Vector", "java.util.Scanner",
            "java.util.StringJoiner", "java.util.Timer", "java.util.UUID", "java.util.Calendar",
            "java.text.DecimalFormat", "java.text.SimpleDateFormat", "java.text.MessageFormat",
            "java.text.ChoiceFormat", "java.text.Collator", "java.text.BreakIterator",
            "java.time.Duration", "java.time.Period", "java.time.Year", "java.time.YearMonth",
            "java.time.MonthDay", "java.time.OffsetTime", "java.time.ZonedDateTime",
            "java.math.MutableBigInteger", "java.math.BigDecimal", "java.math.MathContext",
            "java.nio.file.FileVisitOption", "java.nio.file.FileVisitResult", "java.nio.channels.Pipe",
            "java.util.regex.Matcher", "java.util.regex.Pattern", "java.util.logging.Level",
            "java.util.prefs.Preferences",
        };
        int nthreads = 8;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(nthreads);
        java.util.List<String> problems = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        Thread[] ts = new Thread[nthreads];
        for (int i = 0; i < nthreads; i++) {
            final int id = i;
            ts[i] = new Thread(() -> {
                try {
                    start.await();
                    for (int k = 0; k < names.length; k++) {
                        String n = names[(k + id * 7) % names.length];
                        Class<?> c = Class.forName(n, false, null);
                        if (c == null || !c.getName().equals(n) || c.getClassLoader() != null
                                || c.getSuperclass() == null && !c.isInterface())
                            problems.add(n);
                        Object[] garbage = new Object[64]; // allocation pressure for collections
                        garbage[0] = c;
                    }
                } catch (Throwable e) {
                    problems.add(e.toString());
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("problems: " + problems);
    }
}
