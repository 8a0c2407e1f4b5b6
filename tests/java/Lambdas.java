// Lambdas and method references (invokedynamic with LambdaMetafactory): non-capturing,
// capturing locals and this, all method reference kinds (static, bound, unbound,
// constructor, array constructor, super::), primitive specializations, generic
// functional interfaces, serializable lambdas, default-method composition, and
// lambda identity/class properties that the specification guarantees.
import java.util.*;
import java.util.function.*;

public class Lambdas {
    interface TriFunction<A, B, C, R> { R apply(A a, B b, C c); }
    interface Thrower { void run() throws Exception; }
    int field = 5;
    String name() { return "Lambdas#" + field; }
    static int square(int x) { return x * x; }

    static class Parent { String who() { return "parent"; } }
    static class Child extends Parent {
        String who() { return "child"; }
        Supplier<String> viaSuper() { return super::who; }
        Supplier<String> viaThis() { return this::who; }
    }

    Supplier<String> capturingThis() { return () -> name() + " field " + field; }

    public static void main(String[] args) throws Exception {
        Runnable r = () -> System.out.println("runnable lambda");
        r.run();
        Function<Integer, Integer> inc = x -> x + 1;
        BiFunction<Integer, Integer, Integer> add = (a, b) -> a + b;
        TriFunction<String, Integer, Character, String> tri = (s, n, c) -> s + n + c;
        System.out.println(inc.apply(1) + " " + add.apply(2, 3) + " " + tri.apply("s", 4, 'c') + " " + inc.andThen(inc).compose(inc).apply(0));
        int base = 100;
        String prefix = "p-";
        IntUnaryOperator capture = x -> x + base;
        Function<String, String> capStr = s -> prefix + s;
        System.out.println(capture.applyAsInt(5) + " " + capStr.apply("x"));
        Lambdas obj = new Lambdas();
        Supplier<String> ct = obj.capturingThis();
        obj.field = 9;
        System.out.println(ct.get());
        // Method references of every kind
        IntUnaryOperator sq = Lambdas::square;
        Function<String, Integer> len = String::length;
        Supplier<String> bound = "bound-receiver"::toUpperCase;
        BiFunction<String, String, Boolean> eq = String::equalsIgnoreCase;
        Supplier<ArrayList<String>> ctor = ArrayList::new;
        Function<Integer, int[]> arrCtor = int[]::new;
        Function<String, StringBuilder> sbCtor = StringBuilder::new;
        IntFunction<String[]> strArr = String[]::new;
        System.out.println(sq.applyAsInt(9) + " " + len.apply("four") + " " + bound.get() + " " + eq.apply("A", "a") + " " + ctor.get().size()
            + " " + arrCtor.apply(3).length + " " + sbCtor.apply("sb").reverse() + " " + strArr.apply(2).length);
        Child child = new Child();
        System.out.println(child.viaSuper().get() + " " + child.viaThis().get());
        // Primitive functional interfaces
        IntPredicate even = x -> (x & 1) == 0;
        LongBinaryOperator lmul = (a, b) -> a * b;
        DoubleUnaryOperator half = d -> d / 2;
        ToIntFunction<String> hash = String::hashCode;
        IntSupplier seven = () -> 7;
        BooleanSupplier yes = () -> true;
        ObjIntConsumer<StringBuilder> appendN = (sb, n) -> sb.append(n);
        StringBuilder sbuf = new StringBuilder();
        appendN.accept(sbuf, 42);
        System.out.println(even.test(4) + " " + even.negate().test(4) + " " + lmul.applyAsLong(1L << 20, 1L << 20) + " " + half.applyAsDouble(3)
            + " " + hash.applyAsInt("Aa") + " " + seven.getAsInt() + " " + yes.getAsBoolean() + " " + sbuf);
        // Predicates and comparators composed from lambdas
        Predicate<String> nonEmpty = s -> !s.isEmpty();
        Predicate<String> shortStr = s -> s.length() < 4;
        List<String> words = new ArrayList<>(List.of("banana", "", "fig", "apple", "kiwi", "date"));
        words.removeIf(nonEmpty.negate());
        words.sort(Comparator.comparing(String::length).thenComparing(Comparator.reverseOrder()));
        System.out.println(words + " short " + words.stream().filter(shortStr).count() + " and " + nonEmpty.and(shortStr).test("abc") + " or " + nonEmpty.or(shortStr).test(""));
        // Lambdas in collections APIs
        Map<String, Integer> counts = new TreeMap<>();
        for (String w : "a b a c b a".split(" ")) counts.merge(w, 1, Integer::sum);
        counts.computeIfAbsent("d", k -> 10);
        counts.replaceAll((k, v) -> v * 100);
        StringBuilder fe = new StringBuilder();
        counts.forEach((k, v) -> fe.append(k).append('=').append(v).append(' '));
        System.out.println(fe.toString().trim());
        List<Integer> nums = new ArrayList<>(List.of(5, 3, 8, 1));
        nums.replaceAll(x -> x * 2);
        nums.sort((a, b) -> b - a);
        System.out.println(nums);
        // Recursion through a functional interface
        Function<Integer, Integer>[] fact = new Function[1];
        fact[0] = n -> n <= 1 ? 1 : n * fact[0].apply(n - 1);
        System.out.println("fact(10) " + fact[0].apply(10));
        // Exceptions through lambdas
        Thrower t = () -> { throw new java.io.IOException("from lambda"); };
        try { t.run(); } catch (java.io.IOException e) { System.out.println("caught " + e.getMessage()); }
        Function<Object, String> bad = o -> ((String) o).trim();
        try { bad.apply(1); } catch (ClassCastException e) { System.out.println("CCE in lambda: " + e.getMessage()); }
        // Class properties guaranteed by the spec: lambda classes are synthetic... (not
        // guaranteed) — only that they implement the interface and are not the interface
        System.out.println("implements " + (r instanceof Runnable) + " isInterface " + r.getClass().isInterface() + " same class for same site "
            + (makeRunnable().getClass() == makeRunnable().getClass()));
        // Serializable lambda round trip
        Function<String, String> ser = (Function<String, String> & java.io.Serializable) s -> s + "!";
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream oos = new java.io.ObjectOutputStream(bos)) { oos.writeObject(ser); }
        @SuppressWarnings("unchecked")
        Function<String, String> back = (Function<String, String>) new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bos.toByteArray())).readObject();
        System.out.println("deserialized lambda " + back.apply("hi"));
        // Many distinct lambdas (many call sites)
        List<IntUnaryOperator> ops = List.of(x -> x + 1, x -> x * 2, x -> x - 3, x -> x * x, x -> -x, x -> x >> 1, x -> x | 8, x -> x ^ 5);
        int v = 3;
        for (IntUnaryOperator op : ops) v = op.applyAsInt(v);
        System.out.println("pipeline " + v);
        Optional<String> opt = Optional.of("value").map(String::toUpperCase).filter(s -> s.startsWith("V"));
        System.out.println(opt.orElseGet(() -> "none") + " " + Optional.<String>empty().map(String::length).orElse(-1));
    }
    static Runnable makeRunnable() { return () -> { }; }
}
