// JAVACOPTIONS: -parameters
// Class introspection through core reflection: declared members (sorted: their order is
// unspecified), modifiers and names of member/local/anonymous classes, enclosing methods,
// declared classes, records, sealed hierarchies, nests, generic signatures, method
// parameters, and annotations of every element kind (the annotation parser reads them
// through the ConstantPool natives).
import java.io.Serializable;
import java.lang.annotation.*;
import java.lang.reflect.*;
import java.util.*;

public class ReflectionDetails {
    enum Color { RED, GREEN }

    @Retention(RetentionPolicy.RUNTIME)
    @interface Inner { String value() default "in"; }

    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER,
             ElementType.CONSTRUCTOR, ElementType.RECORD_COMPONENT})
    @interface All {
        byte b() default 1;
        char c() default 'c';
        short s() default 3;
        int i() default 4;
        long j() default 5L;
        float f() default 6.5f;
        double d() default 7.25;
        boolean z() default true;
        String str() default "dflt";
        Class<?> cls() default Object.class;
        Color color() default Color.GREEN;
        Inner ann() default @Inner;
        int[] ints() default {1, 2};
        String[] strs() default {};
        Class<?>[] classes() default {int.class, String[].class};
        Color[] colors() default {Color.RED};
        Inner[] anns() default {@Inner("a"), @Inner("b")};
    }

    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.TYPE_USE)
    @interface TypeUse { int value() default 0; }

    @All(b = -2, c = 'x', s = -300, i = 123456, j = -9876543210L, f = 1.5e10f, d = -0.125,
         z = false, str = "hello \u00e9\u4e2d", cls = Map.Entry.class, color = Color.RED,
         ann = @Inner("nested"), ints = {7, 8, 9}, strs = {"p", "q"},
         classes = {void.class, long[][].class}, colors = {Color.GREEN, Color.RED},
         anns = {@Inner})
    static abstract class Sample<T extends Comparable<T>, U> implements Serializable, Comparable<Sample<T, U>> {
        public static final long CONST = 42L;
        private transient volatile int counter;
        protected List<? extends Number> numbers;
        @All public T[] items;
        Map<String, List<U>> map;
        @TypeUse(5) String typeAnnotated;

        public Sample() {}
        protected Sample(@All(i = 99) int x, String... rest) throws IllegalStateException, java.io.IOException {}
        private Sample(T t) {}

        public abstract <R extends Runnable & Serializable> R make(Class<R> c) throws Exception;
        public synchronized static native void nat();
        protected final @TypeUse(1) String strict(final int a, @Inner("p") long b) { return ""; }
        @All(str = "m") public int compareTo(Sample<T, U> o) { return 0; }
        static <E> List<E> generic(List<? super E> in, E... more) { return null; }
        @Deprecated void old() {}
        String withDefault() { return "x"; }
    }

    interface Greeter {
        String greet(String who);
        default String twice(String who) { return greet(who) + greet(who); }
        static Greeter polite() { return null; }
        int CONSTANT = 1;
    }

    record Point(@All(i = 1) int x, List<String> tags) implements Greeter {
        Point { }
        public String greet(String who) { return who; }
    }
    record Empty() {}

    sealed interface Shape permits Circle, Square, Rect {}
    static final class Circle implements Shape {}
    static non-sealed class Square implements Shape {}
    static sealed class Rect implements Shape permits Rect.Wide {
        static final class Wide extends Rect {}
    }

    class InnerMember { class Deeper {} }
    private static class PrivateNested {}
    protected interface ProtIface {}

    private static final Comparator<Member> BY_NAME = new Comparator<Member>() {
        public int compare(Member a, Member b) {
            int c = a.getName().compareTo(b.getName());
            return c != 0 ? c : a.toString().compareTo(b.toString());
        }
    };

    static String names(Class<?>[] cs) {
        String[] n = new String[cs.length];
        for (int i = 0; i < cs.length; i++) n[i] = cs[i] == null ? "null" : cs[i].getName();
        Arrays.sort(n);
        return Arrays.toString(n);
    }

    static void describeClass(String label, Class<?> c) {
        System.out.println(label + ": name=" + c.getName() + " simple=" + c.getSimpleName()
            + " canonical=" + c.getCanonicalName() + " typeName=" + c.getTypeName());
        System.out.println("  modifiers=" + Modifier.toString(c.getModifiers()) + " (0x"
            + Integer.toHexString(c.getModifiers()) + ") member=" + c.isMemberClass()
            + " local=" + c.isLocalClass() + " anonymous=" + c.isAnonymousClass()
            + " synthetic=" + c.isSynthetic() + " interface=" + c.isInterface()
            + " array=" + c.isArray() + " primitive=" + c.isPrimitive() + " enum=" + c.isEnum()
            + " annotation=" + c.isAnnotation() + " record=" + c.isRecord() + " sealed=" + c.isSealed()
            + " hidden=" + c.isHidden());
        System.out.println("  declaring=" + c.getDeclaringClass() + " enclosing=" + c.getEnclosingClass()
            + " enclosingMethod=" + c.getEnclosingMethod() + " enclosingCtor=" + c.getEnclosingConstructor());
        System.out.println("  super=" + c.getSuperclass() + " interfaces=" + names(c.getInterfaces())
            + " component=" + c.getComponentType() + " declared=" + names(c.getDeclaredClasses()));
    }

    static void describeMembers(Class<?> c) {
        System.out.println("members of " + c.getName());
        Field[] fs = c.getDeclaredFields();
        Arrays.sort(fs, BY_NAME);
        for (Field f : fs) {
            System.out.println("  F " + f.toGenericString() + " | " + f + " synthetic=" + f.isSynthetic()
                + " enumConst=" + f.isEnumConstant() + " annotations=" + f.getDeclaredAnnotations().length
                + " annotatedType=" + f.getAnnotatedType().getDeclaredAnnotations().length);
        }
        Constructor<?>[] cs = c.getDeclaredConstructors();
        Arrays.sort(cs, BY_NAME);
        for (Constructor<?> k : cs) {
            System.out.println("  C " + k.toGenericString() + " | " + k + " varargs=" + k.isVarArgs()
                + " params=" + k.getParameterCount() + " " + params(k));
        }
        Method[] ms = c.getDeclaredMethods();
        Arrays.sort(ms, BY_NAME);
        for (Method m : ms) {
            System.out.println("  M " + m.toGenericString() + " | " + m + " bridge=" + m.isBridge()
                + " synthetic=" + m.isSynthetic() + " default=" + m.isDefault() + " varargs=" + m.isVarArgs()
                + " dflt=" + show(m.getDefaultValue()) + " " + params(m));
        }
        Method[] pub = c.getMethods();
        List<String> pubNames = new ArrayList<>();
        for (Method m : pub) pubNames.add(m.getDeclaringClass().getSimpleName() + "." + m.getName());
        Collections.sort(pubNames);
        System.out.println("  public methods " + pubNames);
        Field[] pubFields = c.getFields();
        List<String> pubF = new ArrayList<>();
        for (Field f : pubFields) pubF.add(f.getName());
        Collections.sort(pubF);
        System.out.println("  public fields " + pubF + " public ctors " + c.getConstructors().length);
    }

    static String params(Executable e) {
        StringBuilder sb = new StringBuilder("[");
        for (Parameter p : e.getParameters()) {
            if (sb.length() > 1) sb.append(", ");
            sb.append(Modifier.toString(p.getModifiers())).append(p.getModifiers() != 0 ? " " : "")
              .append(p.getParameterizedType().getTypeName()).append(' ').append(p.getName())
              .append(p.isNamePresent() ? "" : "?").append(p.isImplicit() ? "(implicit)" : "")
              .append(p.isSynthetic() ? "(synthetic)" : "").append(p.isVarArgs() ? "(varargs)" : "");
            for (Annotation a : p.getDeclaredAnnotations()) sb.append(" @").append(a.annotationType().getSimpleName());
        }
        return sb.append("]").toString();
    }

    // Prints an annotation member by member in name order (Annotation.toString follows
    // getDeclaredMethods order, which differs between VMs).
    static String show(Object v) {
        if (v instanceof Annotation) {
            Annotation a = (Annotation) v;
            Method[] ms = a.annotationType().getDeclaredMethods();
            Arrays.sort(ms, BY_NAME);
            StringBuilder sb = new StringBuilder("@" + a.annotationType().getSimpleName() + "(");
            for (int i = 0; i < ms.length; i++) {
                try {
                    sb.append(i > 0 ? ", " : "").append(ms[i].getName()).append('=').append(show(ms[i].invoke(a)));
                } catch (ReflectiveOperationException e) {
                    sb.append(e);
                }
            }
            return sb.append(")").toString();
        }
        if (v instanceof Object[]) {
            StringBuilder sb = new StringBuilder("{");
            for (Object o : (Object[]) v) sb.append(sb.length() > 1 ? ", " : "").append(show(o));
            return sb.append("}").toString();
        }
        if (v != null && v.getClass().isArray()) {
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < Array.getLength(v); i++) sb.append(i > 0 ? ", " : "").append(show(Array.get(v, i)));
            return sb.append("}").toString();
        }
        if (v instanceof Character) return "'" + v + "'(" + (int) (Character) v + ")";
        if (v instanceof String) {
            StringBuilder sb = new StringBuilder("\"");
            for (char ch : ((String) v).toCharArray()) {
                if (ch < 128) sb.append(ch); else sb.append("\\u").append(Integer.toHexString(ch));
            }
            return sb.append('"').toString();
        }
        return String.valueOf(v);
    }

    static void annotations() throws Exception {
        System.out.println("class annotation " + show(Sample.class.getAnnotation(All.class)));
        System.out.println("class annotations count " + Sample.class.getDeclaredAnnotations().length
            + " inherited lookup on Circle " + Circle.class.getAnnotations().length);
        Field items = Sample.class.getDeclaredField("items");
        System.out.println("field annotation " + show(items.getAnnotation(All.class)));
        Method cmp = Sample.class.getDeclaredMethod("compareTo", Sample.class);
        System.out.println("method annotation " + show(cmp.getAnnotation(All.class)));
        Constructor<?> k = Sample.class.getDeclaredConstructor(int.class, String[].class);
        Annotation[][] pa = k.getParameterAnnotations();
        System.out.println("ctor parameter annotations " + pa.length + " " + show(pa[0][0]) + " second " + pa[1].length);
        Method strict = Sample.class.getDeclaredMethod("strict", int.class, long.class);
        System.out.println("param annotation " + show(strict.getParameterAnnotations()[1][0]));
        System.out.println("return type annotation " + show(strict.getAnnotatedReturnType().getAnnotation(TypeUse.class)));
        Field ta = Sample.class.getDeclaredField("typeAnnotated");
        System.out.println("field type annotation " + show(ta.getAnnotatedType().getAnnotation(TypeUse.class)));
        System.out.println("defaults:");
        Method[] ms = All.class.getDeclaredMethods();
        Arrays.sort(ms, BY_NAME);
        for (Method m : ms) System.out.println("  " + m.getName() + " = " + show(m.getDefaultValue()));
        System.out.println("deprecated " + Sample.class.getDeclaredMethod("old").isAnnotationPresent(Deprecated.class)
            + " retention of All " + All.class.getAnnotation(Retention.class).value());
        System.out.println("record component annotation "
            + show(Point.class.getRecordComponents()[0].getAnnotation(All.class)));
    }

    static void generics() throws Exception {
        System.out.println("type params " + Arrays.toString(Sample.class.getTypeParameters())
            + " bounds " + Arrays.toString(Sample.class.getTypeParameters()[0].getBounds()));
        System.out.println("generic super " + Sample.class.getGenericSuperclass()
            + " generic interfaces " + Arrays.toString(Sample.class.getGenericInterfaces()));
        System.out.println("class toGenericString " + Sample.class.toGenericString());
        System.out.println("record toGenericString " + Point.class.toGenericString());
        Method g = Sample.class.getDeclaredMethod("generic", List.class, Object[].class);
        System.out.println("generic method params " + Arrays.toString(g.getGenericParameterTypes())
            + " return " + g.getGenericReturnType() + " type vars " + Arrays.toString(g.getTypeParameters()));
        Method make = Sample.class.getDeclaredMethod("make", Class.class);
        System.out.println("make bounds " + Arrays.toString(make.getTypeParameters()[0].getBounds())
            + " exceptions " + Arrays.toString(make.getGenericExceptionTypes()));
        Field map = Sample.class.getDeclaredField("map");
        System.out.println("map type " + map.getGenericType());
    }

    static void records() throws Exception {
        for (Class<?> c : new Class<?>[] { Point.class, Empty.class, Sample.class }) {
            RecordComponent[] rcs = c.getRecordComponents();
            if (rcs == null) { System.out.println(c.getSimpleName() + " components null"); continue; }
            System.out.println(c.getSimpleName() + " components " + rcs.length);
            for (RecordComponent rc : rcs) {
                System.out.println("  " + rc + " name=" + rc.getName() + " type=" + rc.getType().getName()
                    + " generic=" + rc.getGenericType() + " signature=" + rc.getGenericSignature()
                    + " accessor=" + rc.getAccessor() + " decl=" + rc.getDeclaringRecord().getSimpleName()
                    + " annotations=" + rc.getDeclaredAnnotations().length);
            }
        }
        Point p = new Point(3, List.of("a"));
        System.out.println("point " + p + " x via accessor " + Point.class.getRecordComponents()[0].getAccessor().invoke(p));
        Field fx = Point.class.getDeclaredField("x");
        fx.setAccessible(true);
        try {
            fx.setInt(p, 5);
            System.out.println("record field written?!");
        } catch (IllegalAccessException e) {
            System.out.println("record field is trusted final: " + e.getMessage());
        }
    }

    static void sealed() {
        for (Class<?> c : new Class<?>[] { Shape.class, Circle.class, Square.class, Rect.class, Rect.Wide.class, Object.class }) {
            Class<?>[] ps = c.getPermittedSubclasses();
            System.out.println(c.getSimpleName() + " sealed=" + c.isSealed()
                + " permitted=" + (ps == null ? "null" : names(ps))
                + " modifiers=" + Modifier.toString(c.getModifiers()));
        }
    }

    static void nests() {
        Class<?>[] cs = { ReflectionDetails.class, InnerMember.class, InnerMember.Deeper.class, Point.class, int.class, String[].class };
        for (Class<?> c : cs) {
            System.out.println(c.getName() + " host=" + c.getNestHost().getName()
                + " mateOfOuter=" + c.isNestmateOf(ReflectionDetails.class));
        }
        System.out.println("members " + names(ReflectionDetails.class.getNestMembers()).length() + " "
            + Arrays.asList(ReflectionDetails.class.getNestMembers()).contains(Rect.Wide.class)
            + " from inner " + (InnerMember.Deeper.class.getNestMembers()[0] == ReflectionDetails.class));
    }

    Object localAndAnonymous() {
        class LocalInMethod { class InLocal {} }
        Object anon = new Object() { public String toString() { return "anon"; } };
        describeClass("local", LocalInMethod.class);
        describeClass("in-local", LocalInMethod.InLocal.class);
        describeClass("anonymous", anon.getClass());
        return anon;
    }

    ReflectionDetails() {
        Runnable r = new Runnable() { public void run() {} };
        describeClass("anonymous-in-ctor", r.getClass());
    }

    public static void main(String[] args) throws Exception {
        describeClass("top", ReflectionDetails.class);
        describeClass("static nested", Sample.class);
        describeClass("inner", InnerMember.class);
        describeClass("inner-inner", InnerMember.Deeper.class);
        describeClass("private nested", PrivateNested.class);
        describeClass("protected iface", ProtIface.class);
        describeClass("enum", Color.class);
        describeClass("annotation", All.class);
        describeClass("record", Point.class);
        describeClass("int", int.class);
        describeClass("void", void.class);
        describeClass("int[][]", int[][].class);
        describeClass("private nested[]", PrivateNested[].class);
        describeClass("protected iface[][]", ProtIface[][].class);
        describeClass("string[]", String[].class);
        new ReflectionDetails().localAndAnonymous();

        describeMembers(Sample.class);
        describeMembers(Greeter.class);
        describeMembers(Point.class);
        describeMembers(Color.class);
        describeMembers(All.class);
        describeMembers(InnerMember.class);
        describeMembers(int[].class);
        describeMembers(int.class);

        annotations();
        generics();
        records();
        sealed();
        nests();
    }
}
