// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI RedefineClasses, success paths: a class is redefined while the program runs.
// Afterwards every new invocation runs the new code (static, virtual and interface
// calls, quickened call sites, reflection Method objects and method handles made before,
// lambdas made before and after); instances and static values are kept and the static
// initializer does not run again; a frame that was running a changed method goes on in
// the old code and is obsolete (IsMethodObsolete, its old line table), one running a
// method whose code did not change (EMCP) is not; stack traces of frames of a class
// redefined since they were taken have no line; getDeclaredMethods reflects the class.
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.function.Supplier;

public class RedefineBasics {
    static native int redefine(Class<?> c, byte[] bytes);
    /** Prints the top `depth` frames of the current thread (method, obsolete, line). */
    static native void frames(int depth);
    /** Prints GetClassMethods' method names, in its order. */
    static native void methodOrder(Class<?> c);

    static final String[] ERRORS = new String[100];

    static void show(String what, Object v) {
        System.out.println(what + ": " + v);
    }

    public static void main(String[] args) throws Throwable {
        Target t = new Target(7);
        Greeter g = t;
        Method reflected = Target.class.getDeclaredMethod("hello");
        MethodHandle mh = MethodHandles.lookup().findStatic(Target.class, "hello", MethodType.methodType(String.class));
        Supplier<String> early = Target::hello;
        Throwable before = Target.trace();
        Throwable unprinted = Target.trace(); // its stack trace is first asked for after the redefinition
        for (int i = 0; i < 3; i++) { // quicken the call sites
            show("v1 hello", Target.hello());
            show("v1 greet", g.greet());
            show("v1 times", t.times(21));
            show("v1 count", Target.count());
        }
        show("v1 trace", before.getStackTrace()[0]);
        methodOrder(Target.class);

        byte[] v2 = Redef.versionOf("Target", "v2");
        String r = Target.running(() -> {
            System.out.println("redefine: " + redefine(Target.class, v2));
            frames(4);
        });
        show("running returned", r);
        for (int i = 0; i < 3; i++) {
            show("v2 hello", Target.hello());
            show("v2 greet", g.greet());
            show("v2 times", t.times(21));
            show("v2 count", Target.count());
        }
        show("new instance", new Target(1).greet());
        show("field kept", t.value);
        show("static kept", Target.counter);
        show("reflection (Method made before)", reflected.invoke(null));
        show("reflection (looked up now)", Target.class.getDeclaredMethod("hello").invoke(null));
        show("method handle (made before)", (String) mh.invokeExact());
        show("method handle (made now)", (String) MethodHandles.lookup().findStatic(Target.class, "hello",
                MethodType.methodType(String.class)).invokeExact());
        show("lambda (made before)", early.get());
        Supplier<String> late = Target::hello;
        show("lambda (made now)", late.get());
        show("old trace (printed before)", before.getStackTrace()[0]);
        show("old trace (first printed now)", unprinted.getStackTrace()[0]);
        show("new trace", Target.trace().getStackTrace()[0]);
        String[] names = Arrays.stream(Target.class.getDeclaredMethods()).map(Method::getName).sorted().toArray(String[]::new);
        show("declared methods", Arrays.toString(names));
        methodOrder(Target.class);

        // Redefined again to the same bytes: every method is equivalent modulo the
        // constant pool, so the running frame is not obsolete.
        String s = Target.same(() -> {
            System.out.println("redefine again: " + redefine(Target.class, v2));
            frames(4);
        });
        show("same returned", s);
    }
}
