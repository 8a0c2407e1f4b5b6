// Runtime-visible annotations: on classes, methods, fields, parameters and
// constructors; element types (primitives, String, Class, enum, annotation, arrays);
// defaults; @Inherited; repeatable annotations; CLASS retention invisible at run time;
// annotation equals/hashCode/toString as specified by the class library.
import java.lang.annotation.*;
import java.lang.reflect.*;
import java.util.Arrays;

public class Annotations {
    enum Level { LOW, HIGH }
    @Retention(RetentionPolicy.RUNTIME) @interface Info {
        String name();
        int version() default 1;
        Level level() default Level.LOW;
        Class<?> type() default Object.class;
        String[] tags() default {};
        long big() default 1L << 40;
        double ratio() default 0.5;
        char ch() default 'c';
        boolean flag() default true;
        Nested nested() default @Nested(3);
        int[] numbers() default { 1, 2 };
    }
    @Retention(RetentionPolicy.RUNTIME) @interface Nested { int value(); }
    @Retention(RetentionPolicy.RUNTIME) @Inherited @interface Heritable { String value(); }
    @Retention(RetentionPolicy.CLASS) @interface ClassOnly {}
    @Retention(RetentionPolicy.RUNTIME) @Repeatable(Roles.class) @interface Role { String value(); }
    @Retention(RetentionPolicy.RUNTIME) @interface Roles { Role[] value(); }
    @Retention(RetentionPolicy.RUNTIME) @Target(ElementType.TYPE_USE) @interface NotNull {}

    @Info(name = "parent", version = 2, level = Level.HIGH, type = String.class, tags = { "a", "b" }, nested = @Nested(9))
    @Heritable("from parent") @ClassOnly @Role("admin") @Role("user")
    static class Parent {
        @Info(name = "field") @Deprecated public int annotatedField;
        @Info(name = "ctor") public Parent() {}
        @Info(name = "method", numbers = {}) public void method(@Nested(1) int a, int b, @Nested(2) @Deprecated String c) {}
        public @NotNull String typeUse() { return ""; }
    }
    static class Child extends Parent {}

    public static void main(String[] args) throws Exception {
        Info info = Parent.class.getAnnotation(Info.class);
        System.out.println("name " + info.name() + " version " + info.version() + " level " + info.level() + " type " + info.type().getSimpleName()
            + " tags " + Arrays.toString(info.tags()) + " big " + info.big() + " ratio " + info.ratio() + " ch " + info.ch() + " flag " + info.flag()
            + " nested " + info.nested().value() + " numbers " + Arrays.toString(info.numbers()));
        System.out.println("annotationType " + info.annotationType().getSimpleName() + " isAnnotation " + Info.class.isAnnotation());
        String[] present = names(Parent.class.getAnnotations());
        System.out.println("Parent annotations " + Arrays.toString(present));
        System.out.println("Child annotations " + Arrays.toString(names(Child.class.getAnnotations())) + " declared " + Arrays.toString(names(Child.class.getDeclaredAnnotations())));
        System.out.println("Child inherits Heritable: " + Child.class.getAnnotation(Heritable.class).value() + ", Info: " + Child.class.getAnnotation(Info.class));
        System.out.println("ClassOnly visible " + Parent.class.isAnnotationPresent(ClassOnly.class));
        Role[] roles = Parent.class.getAnnotationsByType(Role.class);
        System.out.println("repeatable roles " + roles.length + " " + roles[0].value() + " " + roles[1].value() + " container " + Parent.class.getAnnotation(Roles.class).value().length);
        Field f = Parent.class.getField("annotatedField");
        System.out.println("field " + f.getAnnotation(Info.class).name() + " deprecated " + f.isAnnotationPresent(Deprecated.class) + " count " + f.getAnnotations().length);
        System.out.println("ctor " + Parent.class.getConstructor().getAnnotation(Info.class).name());
        Method m = Parent.class.getMethod("method", int.class, int.class, String.class);
        System.out.println("method " + m.getAnnotation(Info.class).name() + " numbers " + Arrays.toString(m.getAnnotation(Info.class).numbers()));
        Annotation[][] pa = m.getParameterAnnotations();
        for (int i = 0; i < pa.length; i++) System.out.println("  param " + i + " " + Arrays.toString(names(pa[i])));
        AnnotatedType rt = Parent.class.getMethod("typeUse").getAnnotatedReturnType();
        System.out.println("type-use annotations " + Arrays.toString(names(rt.getAnnotations())));
        // Value-based equality of annotations
        Info other = Parent.class.getAnnotation(Info.class);
        System.out.println("equals " + info.equals(other) + " hash equal " + (info.hashCode() == other.hashCode())
            + " different " + info.equals(f.getAnnotation(Info.class)));
        System.out.println("nested toString " + info.nested());
        System.out.println("Deprecated on field toString " + f.getAnnotation(Deprecated.class));
        System.out.println("missing " + Parent.class.getAnnotation(Nested.class) + " on method " + m.getAnnotation(Heritable.class));
    }
    static String[] names(Annotation[] as) {
        String[] r = new String[as.length];
        for (int i = 0; i < as.length; i++) r[i] = as[i].annotationType().getSimpleName();
        Arrays.sort(r);
        return r;
    }
}
