// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// What Java code sees of frames of obsolete and EMCP methods (a logging framework asking
// for its caller during a HotSwap): StackWalker's frames (class, method, line, the
// Method of getDeclaringClass), Throwable stack traces, Thread.getStackTrace and
// ThreadMXBean's (of this thread and of another one waiting in an old frame), from inside
// the frames and after them, for the old version and the new.
import java.util.stream.Collectors;

public class RedefineStackWalk {
    static native int redefine(Class<?> c, byte[] bytes);

    static String walk(String label) {
        String w = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                       .walk(s -> s.filter(f -> f.getDeclaringClass() == Sw.class)
                                      .map(f -> f.getMethodName() + ":" + f.getLineNumber() + "/"
                                                + f.getDeclaringClass().getSimpleName() + "/" + f.getMethodType())
                                      .collect(Collectors.joining(" ")));
        StringBuilder t = new StringBuilder();
        for (StackTraceElement e : new Throwable().getStackTrace())
            if (e.getClassName().equals("Sw")) t.append(' ').append(e);
        StringBuilder ct = new StringBuilder();
        for (StackTraceElement e : Thread.currentThread().getStackTrace())
            if (e.getClassName().equals("Sw")) ct.append(' ').append(e);
        StringBuilder mx = new StringBuilder();
        java.lang.management.ThreadInfo ti = java.lang.management.ManagementFactory.getThreadMXBean()
                                                 .getThreadInfo(new long[] {Thread.currentThread().getId()}, false, false, Integer.MAX_VALUE)[0];
        for (StackTraceElement e : ti.getStackTrace())
            if (e.getClassName().equals("Sw")) mx.append(' ').append(e);
        System.out.println(label + ": walker [" + w + "] trace [" + t.toString().trim() + "] thread ["
                           + ct.toString().trim() + "] mxbean [" + mx.toString().trim() + "]");
        return "";
    }

    static String swFrames(StackTraceElement[] st) {
        StringBuilder b = new StringBuilder();
        for (StackTraceElement e : st)
            if (e.getClassName().equals("Sw")) b.append(' ').append(e);
        return b.toString().trim();
    }

    public static void main(String[] args) throws Exception {
        byte[] v2 = Redef.versionOf("Sw", "v2");
        // Another thread waits in Sw.same's version 1 frame throughout the redefinition.
        java.util.concurrent.CountDownLatch in = new java.util.concurrent.CountDownLatch(1),
                                            out = new java.util.concurrent.CountDownLatch(1);
        Thread other = new Thread(() -> Sw.same(() -> {
            in.countDown();
            try {
                out.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }));
        other.start();
        in.await();
        Sw.same(() -> Sw.run(() -> {
            walk("before");
            System.out.println("redefine: " + redefine(Sw.class, v2));
            walk("after, inside");
            System.out.println("other thread: getStackTrace [" + swFrames(other.getStackTrace()) + "] mxbean ["
                               + swFrames(java.lang.management.ManagementFactory.getThreadMXBean()
                                              .getThreadInfo(other.getId(), Integer.MAX_VALUE).getStackTrace()) + "]");
        }));
        out.countDown();
        other.join();
        Sw.same(() -> Sw.run(() -> walk("new calls")));
    }
}
