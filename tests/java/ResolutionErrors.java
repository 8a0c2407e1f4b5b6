// Resolution errors, JVMS 5.4.3: once resolving a symbolic reference has failed with a
// LinkageError, every later attempt to resolve the same constant-pool entry fails with
// the same error, without asking the class loader (or calling the bootstrap method)
// again, even where a new attempt would now succeed. Every instruction that uses the
// entry sees it (new, getstatic, invokestatic, invokevirtual, ldc, instanceof, checkcast,
// anewarray); another entry for the same name (in another class, or an array class's
// entry) resolves on its own. Each later attempt throws an error
// of the same class with the same message (and a cause of the same class and message),
// as a new instance thrown where the attempt is made. Errors that are not LinkageErrors
// (a loader's RuntimeException, a bootstrap method's AssertionError) are not remembered,
// nor, as in HotSpot, is the failed linkage of a MethodHandle.invokeExact call site.
// Covers Class entries (and the class part of field and method references), MethodType,
// MethodHandle and dynamic constants, and invokedynamic call sites.
import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

public class ResolutionErrors {
    static final List<String> loads = new ArrayList<>();     // requests of the current case
    static final List<String> everLoaded = new ArrayList<>(); // all requests
    static int bootstrapCalls;

    /* The test's loader: the Missing* classes fail at their first request (each in its own
     * way) and exist from the second on; User* classes come from ClassBuilder bytes. */
    static final class Loader extends ClassLoader {
        final java.util.Map<String, byte[]> users = new java.util.HashMap<>();
        Loader() { super(ResolutionErrors.class.getClassLoader()); }

        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("Missing")) {
                loads.add(name);
                everLoaded.add(name);
                boolean first = everLoaded.stream().filter(name::equals).count() == 1;
                if (first) {
                    switch (name) {
                    case "MissingLinkage": throw new IncompatibleClassChangeError("from the loader");
                    case "MissingNoMessage": throw new LinkageError();
                    case "MissingRuntime": throw new IllegalStateException("loader failed");
                    default: throw new ClassNotFoundException("not yet: " + name);
                    }
                }
                if (name.equals("MissingRuntime")) return String.class; // the wrong class
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                byte[] b = missing(name);
                return defineClass(name, b, 0, b.length);
            }
            byte[] b = users.get(name);
            if (b != null) return defineClass(name, b, 0, b.length);
            return super.loadClass(name, resolve);
        }
    }

    static byte[] missing(String name) {
        ClassBuilder cb = new ClassBuilder(55, name, "java/lang/Object");
        cb.field(9, "f", "Ljava/lang/Object;");
        cb.method(9, "m", "()V", new ClassBuilder.Code(0, 0).op(Op.RETURN));
        return cb.defaultInit("java/lang/Object").bytes();
    }

    static final String OBJ = "()Ljava/lang/Object;";

    /* Static methods that each use the class entry of `target` one way; all share it. */
    static byte[] user(String name, String target) {
        ClassBuilder cb = new ClassBuilder(55, name, "java/lang/Object");
        cb.method(9, "newInstance", OBJ, new ClassBuilder.Code(2, 0).op(Op.NEW).u2(cb.cls(target)).op(Op.DUP)
                .op(Op.INVOKESPECIAL).u2(cb.method(target, "<init>", "()V")).op(Op.ARETURN));
        cb.method(9, "getStatic", OBJ, new ClassBuilder.Code(1, 0).op(Op.GETSTATIC)
                .u2(cb.field(target, "f", "Ljava/lang/Object;")).op(Op.ARETURN));
        cb.method(9, "invokeStatic", OBJ, new ClassBuilder.Code(1, 0).op(Op.INVOKESTATIC)
                .u2(cb.method(target, "m", "()V")).op(Op.ACONST_NULL).op(Op.ARETURN));
        cb.method(9, "ldcClass", OBJ, new ClassBuilder.Code(1, 0).op(Op.LDC_W).u2(cb.cls(target)).op(Op.ARETURN));
        cb.method(9, "instanceOf", OBJ, new ClassBuilder.Code(1, 0).op(Op.LDC_W).u2(cb.string("s"))
                .op(Op.INSTANCEOF).u2(cb.cls(target)).op(Op.INVOKESTATIC)
                .u2(cb.method("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;")).op(Op.ARETURN));
        cb.method(9, "newArray", OBJ, new ClassBuilder.Code(1, 0).op(Op.ICONST_1).op(Op.ANEWARRAY)
                .u2(cb.cls(target)).op(Op.ARETURN));
        return cb.defaultInit("java/lang/Object").bytes();
    }

    /* More instructions; multianewarray names the array class, a constant-pool entry of
     * its own. */
    static byte[] userMore(String name, String target) {
        ClassBuilder cb = new ClassBuilder(55, name, "java/lang/Object");
        cb.method(9, "checkCast", OBJ, new ClassBuilder.Code(1, 0).op(Op.LDC_W).u2(cb.string("s"))
                .op(Op.CHECKCAST).u2(cb.cls(target)).op(Op.ARETURN));
        cb.method(9, "invokeVirtual", OBJ, new ClassBuilder.Code(1, 0).op(Op.ACONST_NULL).op(Op.INVOKEVIRTUAL)
                .u2(cb.method(target, "toString", "()Ljava/lang/String;")).op(Op.ARETURN));
        cb.method(9, "multiNewArray", OBJ, new ClassBuilder.Code(2, 0).op(Op.ICONST_1).op(Op.ICONST_1)
                .op(Op.MULTIANEWARRAY).u2(cb.cls("[[L" + target + ";")).u1(2).op(Op.ARETURN));
        return cb.defaultInit("java/lang/Object").bytes();
    }

    static final String BSM_ARGS = "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;";

    /* The JSR 292 constants and an invokedynamic per bootstrap behaviour. */
    static byte[] jsr292(String name) {
        ClassBuilder cb = new ClassBuilder(55, name, "java/lang/Object");
        cb.method(9, "methodType", OBJ, new ClassBuilder.Code(1, 0).op(Op.LDC_W)
                .u2(cb.methodType("(LMissingInType;)V")).op(Op.ARETURN));
        cb.method(9, "methodHandle", OBJ, new ClassBuilder.Code(1, 0).op(Op.LDC_W)
                .u2(cb.methodHandle(6, cb.method("MissingInHandle", "m", "()V"))).op(Op.ARETURN));
        int condy = cb.bootstrap(cb.methodHandle(6, cb.method("ResolutionErrors", "condyFails",
                BSM_ARGS + "Ljava/lang/Class;)Ljava/lang/Object;")));
        cb.method(9, "dynamicConstant", OBJ, new ClassBuilder.Code(1, 0).op(Op.LDC_W)
                .u2(cb.condy(condy, "constant", "Ljava/lang/Object;")).op(Op.ARETURN));
        String indyDesc = BSM_ARGS + "Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;";
        int wrapped = cb.bootstrap(cb.methodHandle(6, cb.method("ResolutionErrors", "indyThrowsException", indyDesc)));
        cb.method(9, "indyWrapped", OBJ, new ClassBuilder.Code(1, 0).op(Op.INVOKEDYNAMIC)
                .u2(cb.indy(wrapped, "site", OBJ)).u2(0).op(Op.ARETURN));
        int assertion = cb.bootstrap(cb.methodHandle(6, cb.method("ResolutionErrors", "indyThrowsAssertion", indyDesc)));
        cb.method(9, "indyAssertion", OBJ, new ClassBuilder.Code(1, 0).op(Op.INVOKEDYNAMIC)
                .u2(cb.indy(assertion, "site", OBJ)).u2(0).op(Op.ARETURN));
        cb.method(9, "invokeHandle", OBJ, new ClassBuilder.Code(2, 0).op(Op.ACONST_NULL).op(Op.ACONST_NULL)
                .op(Op.INVOKEVIRTUAL).u2(cb.method("java/lang/invoke/MethodHandle", "invokeExact", "(LMissingInInvoke;)V"))
                .op(Op.ACONST_NULL).op(Op.ARETURN));
        return cb.defaultInit("java/lang/Object").bytes();
    }

    public static Object condyFails(MethodHandles.Lookup l, String n, Class<?> t) {
        bootstrapCalls++;
        throw new NoSuchFieldError("condy bootstrap " + bootstrapCalls);
    }
    public static CallSite indyThrowsException(MethodHandles.Lookup l, String n, MethodType t) {
        bootstrapCalls++;
        throw new IllegalStateException("indy bootstrap " + bootstrapCalls);
    }
    public static CallSite indyThrowsAssertion(MethodHandles.Lookup l, String n, MethodType t) {
        bootstrapCalls++;
        throw new AssertionError("indy bootstrap " + bootstrapCalls);
    }

    static String describe(Throwable e) {
        String s = e.getClass().getName() + ": " + e.getMessage();
        Throwable c = e.getCause();
        if (c != null) s += " (cause " + c.getClass().getName() + ": " + c.getMessage() + ")";
        StackTraceElement top = e.getStackTrace()[0];
        return s + " at " + top.getClassName() + "." + top.getMethodName();
    }

    static Throwable previous;

    static void call(Class<?> user, String method) throws Exception {
        Method m = user.getMethod(method);
        try {
            Object r = m.invoke(null);
            System.out.println("  " + method + ": ok " + (r == null ? "null" : r.getClass().getName()));
            previous = null;
        } catch (InvocationTargetException ite) {
            Throwable e = ite.getCause();
            String again = previous == null ? "" : e == previous ? " [same instance]" : " [new instance]";
            System.out.println("  " + method + ": " + describe(e) + again);
            previous = e;
        }
    }

    static void run(String title, Class<?> user, String... methods) throws Exception {
        System.out.println(title);
        loads.clear();
        bootstrapCalls = 0;
        previous = null;
        for (String m : methods) call(user, m);
        System.out.println("  loader asked for " + loads + ", bootstrap calls " + bootstrapCalls);
    }

    public static void main(String[] args) throws Exception {
        Loader l = new Loader();
        l.users.put("UserA", user("UserA", "Missing"));
        l.users.put("UserB", user("UserB", "Missing"));
        l.users.put("UserLinkage", user("UserLinkage", "MissingLinkage"));
        l.users.put("UserNoMessage", user("UserNoMessage", "MissingNoMessage"));
        l.users.put("UserRuntime", user("UserRuntime", "MissingRuntime"));
        l.users.put("UserMore", userMore("UserMore", "MissingMore"));
        l.users.put("Jsr292", jsr292("Jsr292"));
        Class<?> a = Class.forName("UserA", true, l);
        Class<?> b = Class.forName("UserB", true, l);
        String[] all = { "newInstance", "getStatic", "invokeStatic", "ldcClass", "instanceOf", "newArray", "newInstance" };
        run("class not found, every instruction of one class:", a, all);
        run("another class's entry for the same name loads it:", b, all);
        run("the first class's entry still fails:", a, "getStatic", "newArray");
        run("the loader throws a LinkageError:", Class.forName("UserLinkage", true, l), "getStatic", "getStatic", "newInstance");
        run("the loader throws a LinkageError without a message:", Class.forName("UserNoMessage", true, l),
            "ldcClass", "ldcClass", "instanceOf");
        run("the loader throws a RuntimeException (not remembered), then answers a wrong class:",
            Class.forName("UserRuntime", true, l), "invokeStatic", "invokeStatic", "invokeStatic", "ldcClass");
        run("checkcast and invokevirtual share the entry; multianewarray's array class entry loads it:",
            Class.forName("UserMore", true, l), "checkCast", "invokeVirtual", "multiNewArray", "checkCast", "multiNewArray");
        Class<?> j = Class.forName("Jsr292", true, l);
        run("method type constant:", j, "methodType", "methodType", "methodType");
        run("method handle constant:", j, "methodHandle", "methodHandle", "methodHandle");
        run("dynamic constant:", j, "dynamicConstant", "dynamicConstant", "dynamicConstant");
        run("invokedynamic, bootstrap method throws an exception:", j, "indyWrapped", "indyWrapped", "indyWrapped");
        run("invokedynamic, bootstrap method throws an AssertionError (not remembered):", j,
            "indyAssertion", "indyAssertion", "indyAssertion");
        run("MethodHandle.invokeExact whose type names a missing class (not remembered; then a null handle):", j,
            "invokeHandle", "invokeHandle", "invokeHandle");
    }
}
