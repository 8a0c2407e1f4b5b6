// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassFields: declared fields in class-file order (static and instance,
// synthetic outer-instance fields, enum constants, record components, interface
// constants), JDK classes whose instances carry VM-injected fields (which are not
// declared fields), none for arrays, primitives and field-less classes; NULL_POINTER,
// INVALID_CLASS.
public class GetClassFields {
    static native void fields(String label, Class<?> k);
    static native void errors(Object notAClass);

    static class Sample {
        int zeta;
        static final String CONST = "c";
        private long[] alpha;
        protected static Object middle;
        volatile transient double last;
    }
    class Inner { int own; }
    interface Constants { int ONE = 1; String TWO = "2"; }
    enum Color { RED, GREEN; final int code = 7; }
    record Point(int x, String y) { static int count; }
    static class Empty {}
    static class Sub extends Sample { int subOwn; }

    static Class<?> init(Class<?> k) throws Exception {
        return Class.forName(k.getName(), true, k.getClassLoader());
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        fields("Sample", init(Sample.class));
        fields("Inner", init(Inner.class));
        fields("Constants", init(Constants.class));
        fields("Color", init(Color.class));
        fields("Point", init(Point.class));
        fields("Empty", init(Empty.class));
        fields("Sub", init(Sub.class));
        fields("String", String.class);
        fields("Class", Class.class);
        fields("Thread", Thread.class);
        fields("java.lang.invoke.MemberName", Class.forName("java.lang.invoke.MemberName"));
        fields("java.lang.invoke.ResolvedMethodName", Class.forName("java.lang.invoke.ResolvedMethodName"));
        fields("java.lang.ref.Reference", java.lang.ref.Reference.class);
        fields("int[]", int[].class);
        fields("Sample[]", Sample[].class);
        fields("int", int.class);
        fields("void", void.class);
        errors("not a class");
    }
}
