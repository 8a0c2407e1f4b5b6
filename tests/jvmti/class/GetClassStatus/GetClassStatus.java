// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassStatus through the phases of a class: loaded only (0: not verified, not
// prepared), linked by reflection without initialization (VERIFIED | PREPARED), during
// its own <clinit> (not yet INITIALIZED), initialized, an interface linked with its
// implementor but not initialized, a class whose initializer failed (ERROR), a class
// that failed verification (0, also after a second attempt); arrays, primitives;
// NULL_POINTER, INVALID_CLASS.
public class GetClassStatus {
    static native void status(String label, Class<?> k);
    static native void errors(Object notAClass);

    interface Marker { void m(); }
    static class Impl implements Marker { public void m() {} }
    static class Lazy { static int x = 1; }
    static class Reflected { static int x = 1; void m() {} }
    static class InInit {
        static { status("InInit (during its <clinit>)", InInit.class); }
        static int x = 1;
    }
    static class Broken {
        static int x = Integer.parseInt("not a number");
    }

    /* A class whose only method fails verification (iadd on an empty stack). */
    static Class<?> unverifiable() {
        ClassBuilder cb = new ClassBuilder(52, "Unverifiable", "java/lang/Object");
        cb.method(9, "bad", "()I", new ClassBuilder.Code(2, 0).op(Op.IADD).op(Op.IRETURN));
        byte[] b = cb.bytes();
        ClassLoader l = new ClassLoader(GetClassStatus.class.getClassLoader()) {
            { defineClass("Unverifiable", b, 0, b.length); }
        };
        try {
            return Class.forName("Unverifiable", false, l);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        status("self", GetClassStatus.class);
        status("String", String.class);
        new Impl().m();
        status("Impl (initialized)", Impl.class);
        status("Marker (linked with Impl, no initializer run)", Marker.class);
        Class<?> lazy = Class.forName("GetClassStatus$Lazy", false, GetClassStatus.class.getClassLoader());
        status("Lazy (loaded, not initialized)", lazy);
        Class<?> refl = Class.forName("GetClassStatus$Reflected", false, GetClassStatus.class.getClassLoader());
        status("Reflected (loaded)", refl);
        System.out.println("Reflected declares " + refl.getDeclaredMethods().length + " method(s)");
        status("Reflected (linked by reflection, not initialized)", refl);
        System.out.println(InInit.x);
        status("InInit (initialized)", InInit.class);
        try {
            System.out.println(Broken.x);
        } catch (ExceptionInInitializerError e) {
            System.out.println("Broken: " + e.getCause().getClass().getName());
        }
        status("Broken (initializer failed)", Broken.class);
        Class<?> bad = unverifiable();
        status("Unverifiable (loaded)", bad);
        for (int i = 0; i < 2; i++) {
            try {
                bad.getDeclaredMethods();
                System.out.println("Unverifiable: linked");
            } catch (VerifyError e) {
                System.out.println("Unverifiable: VerifyError");
            }
            status("Unverifiable (verification failed)", bad);
        }
        status("int[]", int[].class);
        status("String[][]", String[][].class);
        status("Impl[]", Impl[].class);
        status("int", int.class);
        status("void", void.class);
        status("double", double.class);
        errors("not a class");
    }
}
