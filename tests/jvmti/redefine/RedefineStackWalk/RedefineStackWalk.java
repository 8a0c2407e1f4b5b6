// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// What Java code sees of frames of obsolete and EMCP methods (a logging framework asking
// for its caller during a HotSwap): StackWalker's frames (class, method, line, the
// Method of getDeclaringClass) and Throwable stack traces, from inside the frames and
// after them, for the old version and the new.
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
        System.out.println(label + ": walker [" + w + "] trace [" + t.toString().trim() + "]");
        return "";
    }

    public static void main(String[] args) {
        byte[] v2 = Redef.versionOf("Sw", "v2");
        Sw.same(() -> Sw.run(() -> {
            walk("before");
            System.out.println("redefine: " + redefine(Sw.class, v2));
            walk("after, inside");
        }));
        Sw.same(() -> Sw.run(() -> walk("new calls")));
    }
}
