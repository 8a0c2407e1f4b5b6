// StackWalker (JVM_CallStackWalk / JVM_MoreStackWalk) and caller-sensitive lookups
// (JVM_GetCallerClass): frame details (class, method, descriptor, type, bci, line, file,
// native), limits and deep stacks fetched in several batches, hidden (lambda) and
// reflection frames with and without SHOW_REFLECT_FRAMES / SHOW_HIDDEN_FRAMES,
// getCallerClass through plain calls, reflection, lambdas and other threads, its errors,
// a stream used after its walk ended, and Class.forName(String) called reflectively
// (the caller's loader must be found behind Method.invoke).
import java.lang.StackWalker.Option;
import java.lang.StackWalker.StackFrame;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public class StackWalkerCallers {
    static final StackWalker PLAIN = StackWalker.getInstance();
    static final StackWalker RETAIN = StackWalker.getInstance(Option.RETAIN_CLASS_REFERENCE);
    static final StackWalker REFLECT = StackWalker.getInstance(Set.of(Option.RETAIN_CLASS_REFERENCE, Option.SHOW_REFLECT_FRAMES));
    static final StackWalker HIDDEN = StackWalker.getInstance(Set.of(Option.RETAIN_CLASS_REFERENCE, Option.SHOW_HIDDEN_FRAMES));

    static void describe(StackFrame f) {
        System.out.println("  " + f + " | " + f.getClassName() + "." + f.getMethodName() + f.getDescriptor()
            + " bci=" + f.getByteCodeIndex() + " line=" + f.getLineNumber() + " file=" + f.getFileName()
            + " native=" + f.isNativeMethod());
    }

    static void c() {
        System.out.println("forEach:");
        PLAIN.forEach(new Consumer<StackFrame>() {
            public void accept(StackFrame f) { describe(f); }
        });
        System.out.println("retained details:");
        RETAIN.forEach(new Consumer<StackFrame>() {
            public void accept(StackFrame f) {
                System.out.println("  " + f.getDeclaringClass() + " " + f.getMethodType());
            }
        });
        System.out.println("limit 2: " + PLAIN.walk(new Function<Stream<StackFrame>, List<String>>() {
            public List<String> apply(Stream<StackFrame> s) {
                return s.limit(2).map(StackFrame::getMethodName).collect(Collectors.toList());
            }
        }));
        System.out.println("caller of c: " + RETAIN.getCallerClass());
    }
    static void b() { c(); }
    static void a() { b(); }

    static int depth(int n) {
        if (n > 0) return depth(n - 1);
        return PLAIN.walk(s -> (int) s.count());
    }

    static String topMethods(int n) {
        if (n > 0) return topMethods(n - 1);
        return PLAIN.walk(s -> s.skip(150).limit(3).map(f -> f.getMethodName() + ":" + f.getLineNumber())
            .collect(Collectors.joining(",")));
    }

    public static String viaReflection(StackWalker w) {
        return w.walk(s -> s.limit(6).map(f -> f.getClassName() + "." + f.getMethodName())
            .collect(Collectors.joining(" < ")));
    }

    public static Class<?> caller() { return RETAIN.getCallerClass(); }

    static class Inner {
        static Class<?> ask() { return caller(); }
    }

    public static void main(String[] args) throws Throwable {
        a();

        System.out.println("depth 10: " + depth(10));
        System.out.println("depth 300: " + depth(300));
        System.out.println("frames 150..152 of 200: " + topMethods(200));

        Method m = StackWalkerCallers.class.getMethod("viaReflection", StackWalker.class);
        System.out.println("reflection hidden:  " + m.invoke(null, PLAIN));
        System.out.println("reflection shown:   " + m.invoke(null, REFLECT));

        Runnable r = () -> System.out.println("lambda frames: "
            + PLAIN.walk(s -> s.limit(2).map(StackFrame::getMethodName).collect(Collectors.toList())));
        r.run();
        Runnable h = () -> System.out.println("hidden shows lambda proxy: "
            + HIDDEN.walk(s -> s.anyMatch(f -> f.getClassName().contains("$$Lambda$"))));
        h.run();
        Runnable nh = () -> System.out.println("default hides lambda proxy: "
            + !RETAIN.walk(s -> s.anyMatch(f -> f.getClassName().contains("$$Lambda$"))));
        nh.run();

        System.out.println("getCallerClass:");
        System.out.println("  direct: " + caller());
        System.out.println("  inner: " + Inner.ask());
        Method cm = StackWalkerCallers.class.getMethod("caller");
        System.out.println("  reflective: " + cm.invoke(null));
        Runnable lr = () -> System.out.println("  from lambda body: " + caller());
        lr.run();
        Thread t = new Thread(() -> System.out.println("  in thread: " + caller()));
        t.start();
        t.join();
        try {
            RETAIN.getCallerClass();
        } catch (IllegalCallerException e) {
            System.out.println("  from main: " + e);
        }
        try {
            PLAIN.getCallerClass();
        } catch (UnsupportedOperationException e) {
            System.out.println("  without retain: " + e.getMessage());
        }
        try {
            PLAIN.forEach(f -> f.getDeclaringClass());
        } catch (UnsupportedOperationException e) {
            System.out.println("  declaring class without retain: " + e.getMessage());
        }

        Stream<StackFrame> escaped = PLAIN.walk(s -> s);
        try {
            escaped.count();
        } catch (IllegalStateException e) {
            System.out.println("escaped stream: " + e.getMessage());
        }

        Method forName = Class.class.getMethod("forName", String.class);
        try {
            System.out.println("reflective forName: " + forName.invoke(null, "StackWalkerCallers$Inner"));
        } catch (InvocationTargetException e) {
            System.out.println("reflective forName failed: " + e.getCause());
        }
        System.out.println("thread walk: " + new Object() {
            String run() throws InterruptedException {
                String[] out = new String[1];
                Thread w = new Thread(() -> out[0] = PLAIN.walk(s -> s.map(StackFrame::getMethodName).collect(Collectors.toList())).toString());
                w.start();
                w.join();
                return out[0];
            }
        }.run());
    }
}
