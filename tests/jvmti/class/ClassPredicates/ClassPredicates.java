// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI IsInterface, IsArrayClass and IsModifiableClass on classes, interfaces,
// annotations, enums, records, arrays, primitives and hidden classes; NULL_POINTER,
// INVALID_CLASS.
import java.lang.invoke.MethodHandles;

public class ClassPredicates {
    static native void is(String label, Class<?> k);
    static native void errors(Object notAClass);

    interface I {}
    @interface A {}
    enum E { X }
    record R() {}
    static abstract class Abs {}

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        is("self", ClassPredicates.class);
        is("interface", I.class);
        is("annotation", A.class);
        is("enum", E.class);
        is("record", R.class);
        is("abstract class", Abs.class);
        is("Object", Object.class);
        is("Runnable", Runnable.class);
        is("String", String.class);
        is("int[]", int[].class);
        is("I[]", I[].class);
        is("Object[][]", Object[][].class);
        is("int", int.class);
        is("void", void.class);
        is("char", char.class);
        byte[] bytes;
        try (var in = ClassPredicates.class.getResourceAsStream("ClassPredicates$I.class")) {
            bytes = in.readAllBytes();
        }
        Class<?> h = MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass();
        is("hidden interface", h);
        errors("not a class");
    }
}
