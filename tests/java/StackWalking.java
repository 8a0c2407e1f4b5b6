// JAVACOPTIONS: -XDstringConcat=indyWithConstants
// java.lang.StackWalker (backed by the VM's stack-walking natives): frames of the
// current thread with class, method, line, bytecode index and descriptor; limits and
// skipping; getCallerClass with RETAIN_CLASS_REFERENCE; reflection and lambda frames
// hidden by default and shown with SHOW_REFLECT_FRAMES; walks inside static
// initializers, constructors, nested classes; and Throwable/StackWalker agreement.
import java.lang.StackWalker.Option;
import java.lang.StackWalker.StackFrame;
import java.util.*;
import java.util.stream.Collectors;

public class StackWalking {
    static String describe(StackFrame f) {
        return f.getClassName() + "." + f.getMethodName() + f.getDescriptor() + " line " + f.getLineNumber() + " bci " + f.getByteCodeIndex()
            + " file " + f.getFileName() + " native " + f.isNativeMethod();
    }
    static List<String> walk(StackWalker w, int limit) {
        return w.walk(s -> s.limit(limit).map(StackWalking::describe).collect(Collectors.toList()));
    }

    static class Inner {
        List<String> frames;
        Inner() { frames = walk(StackWalker.getInstance(), 3); }
        static List<String> deep(int n) { return n == 0 ? walk(StackWalker.getInstance(), 6) : deep(n - 1); }
    }
    static class Init {
        static final List<String> FRAMES = walk(StackWalker.getInstance(), 3);
    }
    static class Caller {
        static Class<?> whoCalled() { return StackWalker.getInstance(Option.RETAIN_CLASS_REFERENCE).getCallerClass(); }
    }
    public static List<String> viaReflection(boolean showReflect) {
        StackWalker w = showReflect ? StackWalker.getInstance(Option.SHOW_REFLECT_FRAMES) : StackWalker.getInstance();
        return w.walk(s -> s.limit(4).map(f -> f.getClassName() + "." + f.getMethodName()).collect(Collectors.toList()));
    }

    public static void main(String[] args) throws Exception {
        System.out.println("main frames:");
        for (String s : walk(StackWalker.getInstance(), 10)) System.out.println("  " + s);
        System.out.println("constructor frames:");
        for (String s : new Inner().frames) System.out.println("  " + s);
        System.out.println("recursive frames:");
        for (String s : Inner.deep(3)) System.out.println("  " + s);
        System.out.println("static initializer frames:");
        for (String s : Init.FRAMES) System.out.println("  " + s);
        System.out.println("caller class " + Caller.whoCalled().getName());
        try { StackWalker.getInstance().getCallerClass(); }
        catch (UnsupportedOperationException e) { System.out.println("getCallerClass without RETAIN_CLASS_REFERENCE: " + e.getMessage()); }
        StackWalker retain = StackWalker.getInstance(Option.RETAIN_CLASS_REFERENCE);
        System.out.println("declaring class " + retain.walk(s -> s.findFirst().get().getDeclaringClass().getName()));
        try { StackWalker.getInstance().walk(s -> s.findFirst().get().getDeclaringClass()); }
        catch (UnsupportedOperationException e) { System.out.println("getDeclaringClass without RETAIN_CLASS_REFERENCE: " + e.getMessage()); }
        java.lang.reflect.Method m = StackWalking.class.getMethod("viaReflection", boolean.class);
        System.out.println("via reflection, default " + m.invoke(null, false));
        List<?> shown = (List<?>) m.invoke(null, true);
        System.out.println("via reflection, SHOW_REFLECT_FRAMES " + shown);
        // Lambda frames: the lambda body is a synthetic method of this class
        Runnable r = () -> {
            List<String> names = StackWalker.getInstance().walk(s -> s.limit(2).map(StackFrame::getMethodName).collect(Collectors.toList()));
            System.out.println("in lambda: " + names.get(0).startsWith("lambda$main$") + " caller " + names.get(1));
        };
        r.run();
        // skip and count
        System.out.println("frames in main " + StackWalker.getInstance().walk(s -> s.count()) + " skip(1) first " + StackWalker.getInstance().walk(s -> s.skip(1).findFirst()).isPresent());
        // Throwable stack trace agrees with the walker on method names
        StackTraceElement[] st = new Throwable().getStackTrace();
        String fromWalker = StackWalker.getInstance().walk(s -> s.findFirst().get().getMethodName());
        System.out.println("throwable top " + st[0].getMethodName() + " walker top " + fromWalker + " toStackTraceElement " + StackWalker.getInstance().walk(s -> s.findFirst().get().toStackTraceElement().toString()));
        // In another thread, the bottom frame is Thread.run
        Thread t = new Thread(() -> {
            List<String> all = StackWalker.getInstance().walk(s -> s.map(f -> f.getClassName() + "." + f.getMethodName()).collect(Collectors.toList()));
            System.out.println("thread frames " + all);
        });
        t.start();
        t.join();
    }
}
