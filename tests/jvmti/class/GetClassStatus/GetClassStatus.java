// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassStatus: initialized classes, an interface that is linked but not
// initialized, a class loaded without initialization, a class whose initializer failed,
// arrays, primitives; NULL_POINTER, INVALID_CLASS.
public class GetClassStatus {
    static native void status(String label, Class<?> k);
    static native void loaded(String label, Class<?> k);
    static native void errors(Object notAClass);

    interface Marker { void m(); }
    static class Impl implements Marker { public void m() {} }
    static class Lazy { static int x = 1; }
    static class Broken {
        static int x = Integer.parseInt("not a number");
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        status("self", GetClassStatus.class);
        status("String", String.class);
        new Impl().m();
        status("Impl (initialized)", Impl.class);
        status("Marker (linked with Impl, no initializer run)", Marker.class);
        Class<?> lazy = Class.forName("GetClassStatus$Lazy", false, GetClassStatus.class.getClassLoader());
        loaded("Lazy (loaded, not initialized)", lazy);
        try {
            System.out.println(Broken.x);
        } catch (ExceptionInInitializerError e) {
            System.out.println("Broken: " + e.getCause().getClass().getName());
        }
        status("Broken (initializer failed)", Broken.class);
        status("int[]", int[].class);
        status("String[][]", String[][].class);
        status("Impl[]", Impl[].class);
        status("int", int.class);
        status("void", void.class);
        status("double", double.class);
        errors("not a class");
    }
}
