// Interfaces with static methods, constant fields (compile-time constants inlined,
// others initialized by the interface's <clinit>), nested types in interfaces, static
// methods not inherited by implementing classes, and functional interfaces implemented
// by anonymous classes.
public class InterfaceStatics {
    interface Util {
        int CONSTANT = 42;                                   // inlined by javac
        String COMPUTED = compute("computed");               // needs <clinit>
        java.util.List<String> LIST = java.util.List.of("x", "y");
        static int twice(int x) { return x * 2; }
        static String compute(String s) { InterfaceStatics.log.append("[Util.<clinit>]"); return s.toUpperCase(); }
        static <T> T firstNonNull(T a, T b) { return a != null ? a : b; }
        class Nested { String hello() { return "nested in interface " + CONSTANT; } }
        enum Mode { ON, OFF }
        interface Inner { int value(); }
    }
    interface Shape { double area(); static Shape unit() { return new Shape() { public double area() { return 1.0; } }; } default String describe() { return "area " + area(); } }
    static class Impl implements Util { }
    static StringBuilder log = new StringBuilder();

    public static void main(String[] args) throws Exception {
        System.out.println("twice " + Util.twice(21) + " constant " + Util.CONSTANT + " log so far '" + log + "'");
        System.out.println("computed " + Util.COMPUTED + " log '" + log + "' list " + Util.LIST);
        System.out.println("firstNonNull " + Util.firstNonNull(null, "b") + " " + Util.<Integer>firstNonNull(1, 2));
        System.out.println(new Util.Nested().hello() + " mode " + Util.Mode.OFF + " inner " + new Util.Inner() { public int value() { return 7; } }.value());
        System.out.println("via implementing class constant " + Impl.CONSTANT + " " + new Impl().COMPUTED);
        System.out.println(Shape.unit().describe());
        // Static interface methods are not inherited: not visible through Impl by reflection
        try { Impl.class.getMethod("twice", int.class); System.out.println("inherited?"); }
        catch (NoSuchMethodException e) { System.out.println("static method not inherited: NoSuchMethodException"); }
        java.lang.reflect.Method tw = Util.class.getMethod("twice", int.class);
        System.out.println("reflective static interface call " + tw.invoke(null, 5) + " static " + java.lang.reflect.Modifier.isStatic(tw.getModifiers()));
        java.lang.reflect.Field cf = Util.class.getField("CONSTANT");
        System.out.println("constant field modifiers " + java.lang.reflect.Modifier.toString(cf.getModifiers()) + " value " + cf.get(null));
        // Functional interfaces from java.util.function implemented with anonymous classes
        java.util.function.IntBinaryOperator op = new java.util.function.IntBinaryOperator() { public int applyAsInt(int a, int b) { return a * b + 1; } };
        java.util.function.Function<String, Integer> f = new java.util.function.Function<String, Integer>() { public Integer apply(String s) { return s.length(); } };
        java.util.function.Function<Integer, Integer> g = new java.util.function.Function<Integer, Integer>() { public Integer apply(Integer i) { return i * 10; } };
        System.out.println("functional " + op.applyAsInt(6, 7) + " " + f.andThen(g).apply("four") + " " + java.util.function.Function.<Integer>identity().apply(3));
        java.util.Comparator<String> byLen = java.util.Comparator.comparingInt(new java.util.function.ToIntFunction<String>() { public int applyAsInt(String s) { return s.length(); } });
        java.util.List<String> words = new java.util.ArrayList<>(java.util.List.of("ccc", "a", "bb", "dd"));
        words.sort(byLen.thenComparing(java.util.Comparator.<String>reverseOrder()));
        System.out.println("comparator statics " + words + " " + java.util.Comparator.<Integer>naturalOrder().compare(1, 2) + " " + java.util.Comparator.nullsFirst(java.util.Comparator.<String>naturalOrder()).compare(null, "a"));
    }
}
