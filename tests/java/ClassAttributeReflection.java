// What reflection reads of unusual but well-formed class attributes, as HotSpot reads it
// (found by ClassFileFuzz): an EnclosingMethod attribute without an InnerClasses
// attribute is ignored (the class is neither local nor anonymous); an empty annotation
// attribute of a method (annotations, parameter annotations, type annotations,
// AnnotationDefault) counts as absent, while an empty one of a class or field is handed
// to the annotation parser; a record component whose type the record may not access is
// an IllegalAccessError, as a constant-pool reference to it would be; a throws clause
// naming a class that is not a Throwable is HotSpot's [warning][exceptions] log line
// (decorated here without the uptime) each time a Method object is made.
// VMOPTIONS: -Xlog:exceptions=warning:stdout:level,tags
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Arrays;

public class ClassAttributeReflection {
    static class L extends ClassLoader {
        L() { super(ClassAttributeReflection.class.getClassLoader()); }
        Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
    }
    static byte[] read(String name) throws Exception {
        try (InputStream in = ClassAttributeReflection.class.getResourceAsStream(name + ".class")) { return in.readAllBytes(); }
    }
    interface Q { Object get() throws Throwable; }
    static void show(String what, Q q) {
        try {
            Object v = q.get();
            System.out.println("  " + what + ": " + (v instanceof Object[] ? Arrays.deepToString((Object[]) v) : v));
        } catch (Throwable e) {
            System.out.println("  " + what + ": " + e.getClass().getName() + ": " + String.valueOf(e.getMessage()).replaceAll("@[0-9a-f]+", "@HASH"));
        }
    }
    static CfModel.Attr emptyAttr(CfModel m, String name) {
        int i = m.findUtf8(name);
        return new CfModel.Attr(i != 0 ? i : m.addUtf8(name), new byte[0]);
    }
    static CfModel.Member method(CfModel m, String name) {
        for (CfModel.Member mm : m.methods) if (name.equals(m.utf8(mm.name))) return mm;
        throw new IllegalArgumentException(name);
    }

    public static void main(String[] args) throws Exception {
        // EnclosingMethod with and without InnerClasses
        for (boolean drop : new boolean[] { false, true }) {
            CfModel m = CfModel.parse(read("CarOuter$1"));
            if (drop) m.attrs.removeIf(a -> "InnerClasses".equals(m.utf8(a.name)));
            Class<?> c = new L().define(m.write());
            System.out.println("anonymous class" + (drop ? " without InnerClasses" : "") + ":");
            show("getEnclosingMethod", c::getEnclosingMethod);
            show("getEnclosingClass", c::getEnclosingClass);
            show("isAnonymousClass", c::isAnonymousClass);
            show("isLocalClass", c::isLocalClass);
            show("getSimpleName", c::getSimpleName);
        }

        // Empty annotation attributes on methods, a field and the class
        CfModel m = CfModel.parse(read("CarAnno"));
        method(m, "value").attrs.removeIf(a -> "AnnotationDefault".equals(m.utf8(a.name)));
        method(m, "value").attrs.add(emptyAttr(m, "AnnotationDefault"));
        Class<?> anno = new L().define(m.write());
        System.out.println("annotation type with an empty AnnotationDefault:");
        show("value default", () -> anno.getDeclaredMethod("value").getDefaultValue());
        show("count default", () -> anno.getDeclaredMethod("count").getDefaultValue());

        CfModel t = CfModel.parse(read("CarTarget"));
        method(t, "annotated").attrs.add(emptyAttr(t, "RuntimeVisibleAnnotations"));
        method(t, "annotated").attrs.add(emptyAttr(t, "RuntimeVisibleParameterAnnotations"));
        method(t, "annotated").attrs.add(emptyAttr(t, "RuntimeVisibleTypeAnnotations"));
        method(t, "<init>").attrs.add(emptyAttr(t, "RuntimeVisibleAnnotations"));
        Class<?> c = new L().define(t.write());
        System.out.println("empty method annotation attributes:");
        Method am = c.getDeclaredMethod("annotated", int.class);
        show("annotations", am::getDeclaredAnnotations);
        show("parameter annotations", am::getParameterAnnotations);
        show("return type annotations", () -> am.getAnnotatedReturnType().getAnnotations());
        show("constructor annotations", () -> c.getDeclaredConstructor().getDeclaredAnnotations());
        for (String where : new String[] { "field", "class" }) {
            CfModel f = CfModel.parse(read("CarTarget"));
            if (where.equals("field")) f.fields.get(0).attrs.add(emptyAttr(f, "RuntimeVisibleAnnotations"));
            else f.attrs.add(emptyAttr(f, "RuntimeVisibleAnnotations"));
            Class<?> fc = new L().define(f.write());
            System.out.println("empty " + where + " annotations:");
            show("field annotations", () -> fc.getDeclaredFields()[0].getDeclaredAnnotations());
            show("class annotations", fc::getDeclaredAnnotations);
        }

        // A throws clause naming a class that is not a Throwable
        CfModel x = CfModel.parse(read("CarTarget"));
        int problem = 0;
        for (int i = 1; i < x.cp.size(); i++) if ("java/io/IOException".equals(x.className(i))) problem = i;
        int object = 0;
        for (int i = 1; i < x.cp.size(); i++) if ("java/lang/Object".equals(x.className(i))) object = i;
        for (CfModel.Attr a : method(x, "thrower").attrs)
            if ("Exceptions".equals(x.utf8(a.name))) { a.info[2] = (byte) (object >> 8); a.info[3] = (byte) object; }
        Class<?> xc = new L().define(x.write());
        System.out.println("throws java.lang.Object (was index " + (problem != 0) + "):");
        System.out.flush();
        show("exception types", () -> Arrays.toString(xc.getDeclaredMethod("thrower").getExceptionTypes()));
        System.out.flush();
        show("again", () -> Arrays.toString(xc.getDeclaredMethod("thrower").getExceptionTypes()));
        System.out.flush();

        // A record whose component type is package-private in another runtime package
        Class<?> r = new L().define(read("CarRecord"));
        System.out.println("record in another loader:");
        show("isRecord", r::isRecord);
        show("getRecordComponents", () -> Arrays.toString(r.getRecordComponents()));
        show("same loader", () -> Arrays.toString(CarRecord.class.getRecordComponents()));
    }
}

class CarOuter { static Object make() { return new Object() { public String toString() { return "anon"; } }; } }
@interface CarAnno { String value() default "v"; int count() default 3; }
class CarTarget {
    int field;
    static int annotated(int x) { return x; }
    static void thrower() throws java.io.IOException { }
}
class CarHidden { }
record CarRecord(CarHidden hidden, int n) { }
