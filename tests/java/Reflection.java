// Core reflection: declared methods/fields/constructors (sorted by name, since their
// order is unspecified), modifiers, invoke with boxing/unboxing and varargs,
// InvocationTargetException, field get/set with widening, setAccessible on privates,
// static members, Class queries (names, arrays, primitives, enclosing classes).
import java.lang.reflect.*;
import java.util.Arrays;
import java.util.Comparator;

public class Reflection {
    public static class Sample extends Base implements Comparable<Sample>, Runnable {
        public static final int CONST = 7;
        private static String secret = "hidden";
        public int pub = 1;
        protected long prot = 2L;
        private double priv = 3.5;
        transient volatile boolean flags;
        final char[] chars = { 'a' };

        public Sample() {}
        public Sample(int pub) { this.pub = pub; }
        private Sample(String s, int... rest) { this.pub = s.length() + rest.length; }

        public int compareTo(Sample o) { return Integer.compare(pub, o.pub); }
        public void run() {}
        public static int add(int a, int b) { return a + b; }
        public String join(String sep, Object... parts) { StringBuilder sb = new StringBuilder(); for (Object p : parts) sb.append(p).append(sep); return sb.toString(); }
        private String whisper() { return "psst " + priv; }
        protected synchronized void sync() {}
        public void fail() throws java.io.IOException { throw new java.io.IOException("failed on purpose"); }
        public final native void nativeMethod();
        static double sfp() { return 1.0; }
        void abstractOne() {}
        @Override public String toString() { return "Sample(" + pub + ")"; }
    }
    public abstract static class Base { public int baseField; public String baseMethod() { return "base"; } abstract void abstractOne(); }
    static class Impl extends Base { void abstractOne() {} }

    static String sig(Method m) {
        return Modifier.toString(m.getModifiers()) + " " + m.getReturnType().getSimpleName() + " " + m.getName()
            + Arrays.toString(m.getParameterTypes()) + (m.isVarArgs() ? " varargs" : "") + (m.isSynthetic() ? " synthetic" : "")
            + (m.isBridge() ? " bridge" : "") + " throws " + Arrays.toString(m.getExceptionTypes());
    }

    public static void main(String[] args) throws Exception {
        Class<Sample> c = Sample.class;
        System.out.println(c.getName() + " | " + c.getSimpleName() + " | " + c.getCanonicalName() + " | " + c.getTypeName()
            + " | " + Modifier.toString(c.getModifiers()) + " | super " + c.getSuperclass().getName() + " | enclosing " + c.getEnclosingClass().getName()
            + " | declaring " + c.getDeclaringClass().getName() + " | member " + c.isMemberClass() + " | package '" + c.getPackageName() + "'");
        System.out.println("interfaces " + Arrays.toString(c.getInterfaces()) + " generic " + Arrays.toString(c.getGenericInterfaces()));

        Method[] ms = c.getDeclaredMethods();
        Arrays.sort(ms, new Comparator<Method>() {
            public int compare(Method a, Method b) { int r = a.getName().compareTo(b.getName()); return r != 0 ? r : sig(a).compareTo(sig(b)); }
        });
        for (Method m : ms) System.out.println("method " + sig(m));
        Field[] fs = c.getDeclaredFields();
        Arrays.sort(fs, new Comparator<Field>() { public int compare(Field a, Field b) { return a.getName().compareTo(b.getName()); } });
        for (Field f : fs) System.out.println("field " + Modifier.toString(f.getModifiers()) + " " + f.getType().getName() + " " + f.getName());
        Constructor<?>[] cs = c.getDeclaredConstructors();
        Arrays.sort(cs, new Comparator<Constructor<?>>() { public int compare(Constructor<?> a, Constructor<?> b) { return Arrays.toString(a.getParameterTypes()).compareTo(Arrays.toString(b.getParameterTypes())); } });
        for (Constructor<?> k : cs) System.out.println("constructor " + Modifier.toString(k.getModifiers()) + " " + Arrays.toString(k.getParameterTypes()) + (k.isVarArgs() ? " varargs" : ""));
        // Public methods including inherited ones, names only, sorted and de-duplicated
        java.util.TreeSet<String> pubNames = new java.util.TreeSet<>();
        for (Method m : c.getMethods()) pubNames.add(m.getName() + "/" + m.getParameterCount());
        System.out.println("public methods " + pubNames);
        java.util.TreeSet<String> pubFields = new java.util.TreeSet<>();
        for (Field f : c.getFields()) pubFields.add(f.getName());
        System.out.println("public fields " + pubFields);

        // Invocation
        Sample s = c.getConstructor(int.class).newInstance(41);
        System.out.println("invoke add " + c.getMethod("add", int.class, int.class).invoke(null, 2, 3)
            + " join " + c.getMethod("join", String.class, Object[].class).invoke(s, "/", new Object[] { 1, "b", 'c' })
            + " toString " + c.getMethod("toString").invoke(s) + " inherited " + c.getMethod("baseMethod").invoke(s)
            + " compareTo " + c.getMethod("compareTo", Sample.class).invoke(s, new Sample(50)));
        try { c.getMethod("fail").invoke(s); }
        catch (InvocationTargetException e) { System.out.println("InvocationTargetException cause " + e.getCause()); }
        try { c.getMethod("add", int.class, int.class).invoke(null, "x", 1); }
        catch (IllegalArgumentException e) { System.out.println("wrong argument type: IllegalArgumentException " + e.getMessage()); }
        try { c.getMethod("add", int.class, int.class).invoke(null, 1); }
        catch (IllegalArgumentException e) { System.out.println("wrong argument count: IllegalArgumentException " + e.getMessage()); }
        try { c.getMethod("toString").invoke(null); }
        catch (NullPointerException e) { System.out.println("null receiver: NullPointerException"); }
        try { c.getMethod("whisper"); } catch (NoSuchMethodException e) { System.out.println("getMethod private: NoSuchMethodException " + e.getMessage()); }
        Method whisper = c.getDeclaredMethod("whisper");
        whisper.setAccessible(true);
        System.out.println("private invoke " + whisper.invoke(s));
        Constructor<Sample> pc = c.getDeclaredConstructor(String.class, int[].class);
        pc.setAccessible(true);
        System.out.println("private varargs ctor " + pc.newInstance("abc", new int[] { 1, 2 }).pub);
        try { c.getMethod("nativeMethod").invoke(s); }
        catch (InvocationTargetException e) { System.out.println("unlinked native: " + e.getCause().getClass().getName()); }
        try { Base.class.getDeclaredConstructor().newInstance(); }
        catch (InstantiationException e) { System.out.println("abstract newInstance: InstantiationException"); }

        // Fields
        Field pub = c.getField("pub");
        pub.setInt(s, 99);
        System.out.println("field pub " + pub.get(s) + " " + pub.getInt(s) + " as long " + pub.getLong(s) + " as double " + pub.getDouble(s));
        try { pub.getShort(s); } catch (IllegalArgumentException e) { System.out.println("narrowing get: IllegalArgumentException"); }
        try { pub.set(s, "str"); } catch (IllegalArgumentException e) { System.out.println("set wrong type: IllegalArgumentException"); }
        pub.set(s, Short.valueOf((short) 12));   // widening on set
        System.out.println("after widening set " + s.pub);
        Field priv = c.getDeclaredField("priv");
        priv.setAccessible(true);
        priv.setDouble(s, 6.25);
        System.out.println("private field " + priv.get(s) + " " + s.whisper());
        Field secret = c.getDeclaredField("secret");
        secret.setAccessible(true);
        System.out.println("private static " + secret.get(null));
        secret.set(null, "revealed");
        System.out.println("after set " + secret.get(null));
        Field constF = c.getField("CONST");
        try { constF.setInt(null, 8); } catch (IllegalAccessException e) { System.out.println("set static final: IllegalAccessException"); }
        Field finalF = c.getDeclaredField("chars");
        finalF.setAccessible(true);
        finalF.set(s, new char[] { 'z' });   // final instance field with setAccessible: allowed
        System.out.println("final instance field set " + s.chars[0]);
        try { c.getField("nope"); } catch (NoSuchFieldException e) { System.out.println("NoSuchFieldException " + e.getMessage()); }

        // Class objects of primitives and arrays
        Class<?>[] cls = { int.class, void.class, int[].class, String[][].class, Integer.TYPE, Thread.State.class, Map.Entry.class, Impl.class };
        for (Class<?> k : cls) System.out.println(k.getName() + " primitive " + k.isPrimitive() + " array " + k.isArray() + " simple " + k.getSimpleName()
            + " canonical " + k.getCanonicalName() + " enum " + k.isEnum() + " interface " + k.isInterface() + " loader null " + (k.getClassLoader() == null));
        System.out.println("forName array " + Class.forName("[Ljava.lang.String;").getSimpleName() + " " + Class.forName("[[I").getName()
            + " descriptor " + int[][].class.descriptorString() + " " + String.class.descriptorString());
        try { Class.forName("no.such.Clazz"); } catch (ClassNotFoundException e) { System.out.println("ClassNotFoundException " + e.getMessage()); }
        try { Class.forName("int"); } catch (ClassNotFoundException e) { System.out.println("forName(int): ClassNotFoundException " + e.getMessage()); }
        // Array reflection
        Object arr = Array.newInstance(long.class, 3);
        Array.setLong(arr, 1, 77);
        Array.set(arr, 2, 5L);
        System.out.println("Array " + Array.getLength(arr) + " " + Array.get(arr, 1) + " " + Arrays.toString((long[]) arr));
        try { Array.get(arr, 3); } catch (ArrayIndexOutOfBoundsException e) { System.out.println("Array.get AIOOBE " + e.getMessage()); }
        try { Array.set(arr, 0, "x"); } catch (IllegalArgumentException e) { System.out.println("Array.set: IllegalArgumentException " + e.getMessage()); }
        // Anonymous and local classes
        Object anon = new Runnable() { public void run() {} };
        class Local {}
        System.out.println("anonymous " + anon.getClass().isAnonymousClass() + " name " + anon.getClass().getName() + " simple '" + anon.getClass().getSimpleName()
            + "' local " + Local.class.isLocalClass() + " " + Local.class.getName() + " enclosingMethod " + Local.class.getEnclosingMethod().getName());
        // Many invocations (reflection switches implementations after a threshold)
        Method add = c.getMethod("add", int.class, int.class);
        int total = 0;
        for (int i = 0; i < 100; i++) total += (Integer) add.invoke(null, i, 1);
        System.out.println("100 reflective calls " + total);
        Field baseField = c.getField("baseField");
        for (int i = 0; i < 100; i++) baseField.setInt(s, baseField.getInt(s) + i);
        System.out.println("100 reflective field updates " + s.baseField);
    }
    interface Map { interface Entry {} }
}
