// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassSignature: JNI type signatures and generic signatures of classes,
// interfaces, nested, enum, record, array, primitive, JDK and hidden classes; NULL
// out-pointers; INVALID_CLASS.
import java.lang.invoke.MethodHandles;
import java.util.List;
import java.util.Map;

public class GetClassSignature {
    static native void sig(String label, Class<?> k);
    static native void nulls(Class<?> k);
    static native void hidden(Class<?> k);
    static native void invalid(Object notAClass);

    interface Shape<S extends Shape<S>> extends Comparable<S> {}
    static class Box<T extends Number & Comparable<T>> implements Shape<Box<T>> {
        public int compareTo(Box<T> o) { return 0; }
        class Inner<U> {}
    }
    enum Color { RED, GREEN }
    record Point(int x, int y) {}
    static abstract class Plain {}

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        sig("self", GetClassSignature.class);
        sig("interface", Shape.class);
        sig("generic class", Box.class);
        sig("inner of generic", Box.Inner.class);
        sig("enum", Color.class);
        sig("record", Point.class);
        sig("plain nested", Plain.class);
        sig("anonymous", new Object() {}.getClass());
        sig("String", String.class);
        sig("List", List.class);
        sig("Map.Entry", Map.Entry.class);
        sig("Enum", Enum.class);
        sig("Object", Object.class);
        sig("int[]", int[].class);
        sig("long[][]", long[][].class);
        sig("String[][]", String[][].class);
        sig("Box[]", Box[].class);
        sig("int", int.class);
        sig("void", void.class);
        sig("boolean", boolean.class);
        sig("byte", byte.class);
        sig("char", char.class);
        sig("short", short.class);
        sig("long", long.class);
        sig("float", float.class);
        sig("double", double.class);
        nulls(Box.class);
        nulls(String.class);
        byte[] bytes;
        try (var in = GetClassSignature.class.getResourceAsStream("GetClassSignature$Plain.class")) {
            bytes = in.readAllBytes();
        }
        Class<?> h = MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass();
        hidden(h);
        hidden(java.lang.reflect.Array.newInstance(h, 0).getClass());
        invalid("not a class");
        invalid(new Object());
        invalid(null);
    }
}
