// JAVACOPTIONS: --add-exports java.base/jdk.internal.reflect=ALL-UNNAMED --add-exports java.base/jdk.internal.access=ALL-UNNAMED
// VMOPTIONS: --add-exports java.base/jdk.internal.reflect=ALL-UNNAMED --add-exports java.base/jdk.internal.access=ALL-UNNAMED
// jdk.internal.reflect.ConstantPool, the API the annotation parser reads class files
// through: every entry of a class's pool through the getter for its tag, the
// IllegalArgumentException for wrong types and bad indexes, resolution of class, method
// and field references, and the "if loaded" variants for a class nobody has loaded; also
// Reflection.getClassAccessFlags, which needs the same exports.
import java.lang.reflect.Member;
import jdk.internal.access.SharedSecrets;
import jdk.internal.reflect.ConstantPool;

public class ReflectionConstantPool {
    interface Iface { int im(); }

    static class Target implements Iface {
        static final int I = 123456789;
        static final long J = -1234567890123L;
        static final float F = 3.25f;
        static final double D = -2.5e-300;
        static final String S = "constant \u00e9\u20ac";
        int field;
        static Object sfield;

        public int im() { return 1; }

        Object work(Iface other) {
            field = I + 1;
            sfield = Never.class;           // class literal of a class that is never loaded
            long l = J * 2;
            float f = F / 3;
            double d = D * 7;
            StringBuilder sb = new StringBuilder(S);
            sb.append(other.im()).append(l).append(f).append(d).append(Integer.MAX_VALUE - 5);
            return sb.toString() + Never.NEVER_FIELD;
        }
    }

    static class Never {
        static int NEVER_FIELD = 1;
        static void neverMethod() {}
    }

    // One ConstantPool query by number (no lambdas: this test should need nothing but the
    // ConstantPool natives and reflection).
    static Object query(ConstantPool cp, int op, int k) {
        switch (op) {
        case 0: return cp.getTagAt(k);
        case 1: return cp.getUTF8At(k);
        case 2: return cp.getIntAt(k);
        case 3: return cp.getLongAt(k);
        case 4: return cp.getFloatAt(k);
        case 5: return cp.getDoubleAt(k);
        case 6: return cp.getStringAt(k);
        case 7: return cp.getStringAt(k) == cp.getStringAt(k);
        case 8: return cp.getClassAt(k);
        case 9: return cp.getClassAtIfLoaded(k);
        case 10: return cp.getMemberRefInfoAt(k);
        case 11: return cp.getClassRefIndexAt(k);
        case 12: return cp.getNameAndTypeRefIndexAt(k);
        case 13: return cp.getNameAndTypeRefInfoAt(k);
        case 14: return cp.getFieldAt(k);
        case 15: return cp.getFieldAtIfLoaded(k);
        case 16: { Member m = cp.getMethodAt(k); return m.getClass().getSimpleName() + " " + m; }
        case 17: return cp.getMethodAtIfLoaded(k);
        default: throw new IllegalStateException();
        }
    }

    static String get(ConstantPool cp, int op, int k) {
        try {
            Object o = query(cp, op, k);
            if (o instanceof String[]) return java.util.Arrays.toString((String[]) o);
            if (o instanceof Class) return "class " + ((Class<?>) o).getName();
            return String.valueOf(o);
        } catch (Exception e) {
            return e.getClass().getSimpleName() + "(" + e.getMessage() + ")";
        }
    }

    static final String[] NAMES = { "tag", "utf8", "int", "long", "float", "double", "string",
        "interned", "class", "classIfLoaded", "memberInfo", "classRef", "natRef", "natInfo",
        "field", "fieldIfLoaded", "method", "methodIfLoaded" };

    // Which queries to show for each tag: the right ones and a wrong one.
    static int[] opsFor(String tag) {
        switch (tag) {
        case "UTF8": return new int[] { 1, 2 };
        case "INTEGER": return new int[] { 2, 3 };
        case "LONG": return new int[] { 3, 5 };
        case "FLOAT": return new int[] { 4, 2 };
        case "DOUBLE": return new int[] { 5, 4 };
        case "STRING": return new int[] { 6, 7, 1 };
        case "CLASS": return new int[] { 8, 6 };
        case "FIELDREF": return new int[] { 10, 11, 12, 14, 16 };
        case "METHODREF":
        case "INTERFACEMETHODREF": return new int[] { 10, 11, 12, 16, 14 };
        case "NAMEANDTYPE": return new int[] { 13, 10, 11 };
        default: return new int[] { 1, 8, 13 };
        }
    }

    public static void main(String[] args) throws Exception {
        // Link Target first (HotSpot's ConstantPool.getStringAt crashes on unlinked classes).
        Class.forName("ReflectionConstantPool$Target", true, ReflectionConstantPool.class.getClassLoader());
        ConstantPool cp = SharedSecrets.getJavaLangAccess().getConstantPool(Target.class);
        int n = cp.getSize();
        System.out.println("size " + n);
        // Find two member references without resolving anything.
        int neverField = -1, objectInit = -1;
        for (int i = 1; i < n; i++) {
            String tag = get(cp, 0, i);
            if (tag.equals("FIELDREF") && cp.getMemberRefInfoAt(i)[1].equals("NEVER_FIELD")) neverField = i;
            if (tag.equals("METHODREF") && get(cp, 10, i).equals("[java/lang/Object, <init>, ()V]")) objectInit = i;
        }
        // The "if loaded" lookups: Never is only named so far; Object is loaded.
        int neverClass = cp.getClassRefIndexAt(neverField);
        int objectClass = cp.getClassRefIndexAt(objectInit);
        System.out.println("Never if loaded: " + get(cp, 9, neverClass));
        System.out.println("Never field if loaded: " + get(cp, 15, neverField));
        System.out.println("Never method-as-field if loaded: " + get(cp, 17, neverField));
        System.out.println("Object if loaded: " + get(cp, 9, objectClass));
        System.out.println("Object.<init> if loaded: " + get(cp, 17, objectInit));

        for (int i = 0; i < n; i++) {
            String tag = get(cp, 0, i);
            StringBuilder sb = new StringBuilder("#" + i + " " + tag + ":");
            for (int op : opsFor(tag)) sb.append(" ").append(NAMES[op]).append("=").append(get(cp, op, i));
            System.out.println(sb);
        }
        System.out.println("index -1: " + get(cp, 0, -1));
        System.out.println("index size: " + get(cp, 1, n));
        System.out.println("index 65535: " + get(cp, 2, 65535));
        System.out.println("Never resolved: " + get(cp, 8, neverClass));
        System.out.println("Never if loaded now: " + get(cp, 9, neverClass));
        System.out.println("Never field now: " + get(cp, 15, neverField));
        System.out.println("result " + new Target().work(new Target()));
        // Reflection.getClassAccessFlags (JVM_GetClassAccessFlags): the class file's flags,
        // ACC_SUPER included, not the InnerClasses view; none for arrays.
        Class<?>[] cs = { int[].class, String[].class, Never[].class, int.class, Never.class, Iface.class,
            ReflectionConstantPool.class, Thread.State.class, Runnable.class, Override.class };
        for (Class<?> c : cs)
            System.out.println("access flags " + c.getName() + " 0x"
                + Integer.toHexString(jdk.internal.reflect.Reflection.getClassAccessFlags(c))
                + " modifiers 0x" + Integer.toHexString(c.getModifiers()));
        System.out.println("no pool for arrays: " + SharedSecrets.getJavaLangAccess().getConstantPool(int[].class)
            + " primitives: " + SharedSecrets.getJavaLangAccess().getConstantPool(int.class));
    }
}
