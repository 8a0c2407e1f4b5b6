// Generics: erasure and the casts javac inserts, bridge methods for generic overrides,
// bounded type parameters, wildcards, generic methods (static and instance, explicit
// type arguments), recursive bounds, heap pollution detected at the use site, and
// generic signatures through reflection.
import java.lang.reflect.*;
import java.util.*;

public class Generics {
    static class Box<T> {
        private T value;
        Box(T v) { value = v; }
        T get() { return value; }
        void set(T v) { value = v; }
        <R> Box<R> map(Mapper<? super T, ? extends R> f) { return new Box<>(f.apply(value)); }
    }
    interface Mapper<A, B> { B apply(A a); }
    static class IntBox extends Box<Integer> {
        IntBox(int v) { super(v); }
        @Override Integer get() { return super.get() + 1000; }   // bridge Object get()
        @Override void set(Integer v) { super.set(v * 2); }      // bridge set(Object)
    }
    static <T extends Comparable<? super T>> T max(List<? extends T> list) {
        T best = null;
        for (T t : list) if (best == null || t.compareTo(best) > 0) best = t;
        return best;
    }
    static double sum(Collection<? extends Number> nums) { double s = 0; for (Number n : nums) s += n.doubleValue(); return s; }
    static void fill(List<? super Integer> sink, int n) { for (int i = 0; i < n; i++) sink.add(i); }
    static <K, V extends Comparable<V>> K argMax(Map<K, V> m) {
        K best = null; V bv = null;
        for (Map.Entry<K, V> e : new TreeMap<>(m).entrySet()) if (bv == null || e.getValue().compareTo(bv) > 0) { best = e.getKey(); bv = e.getValue(); }
        return best;
    }
    abstract static class Animal<SELF extends Animal<SELF>> implements Comparable<SELF> {
        final int weight;
        Animal(int w) { weight = w; }
        public int compareTo(SELF o) { return Integer.compare(weight, o.weight); }
        @SuppressWarnings("unchecked") SELF self() { return (SELF) this; }
    }
    static class Cat extends Animal<Cat> { Cat(int w) { super(w); } public String toString() { return "Cat" + weight; } }
    static class Pair<A, B> {
        final A a; final B b;
        Pair(A a, B b) { this.a = a; this.b = b; }
        Pair<B, A> swap() { return new Pair<>(b, a); }
        public String toString() { return "(" + a + ", " + b + ")"; }
    }
    // Fields and methods with generic signatures for reflection
    public Map<String, List<Integer>> field;
    public <T extends Number & Comparable<T>> List<? extends T> method(Set<? super T> in, T[] arr) { return null; }

    public static void main(String[] args) throws Exception {
        Box<String> bs = new Box<>("hello");
        Box<Integer> len = bs.map(new Mapper<String, Integer>() { public Integer apply(String s) { return s.length(); } });
        System.out.println("map " + len.get());
        IntBox ib = new IntBox(5);
        Box<Integer> asBox = ib;
        asBox.set(7);
        System.out.println("bridges: get " + asBox.get() + " raw get " + ((Box) asBox).get());
        int bridges = 0;
        for (Method m : IntBox.class.getDeclaredMethods()) if (m.isBridge()) bridges++;
        System.out.println("IntBox bridge methods " + bridges);
        System.out.println("max " + max(Arrays.asList(3, 9, 2)) + " " + max(Arrays.asList("pear", "apple")) + " " + Generics.<Integer>max(List.of(-1, -5)));
        System.out.println("sum " + sum(Arrays.asList(1, 2.5, 3L, (short) 4)));
        List<Number> sink = new ArrayList<>();
        fill(sink, 4);
        System.out.println("fill " + sink + " argMax " + argMax(Map.of("a", 3, "b", 7, "c", 5)));
        List<Cat> cats = new ArrayList<>(Arrays.asList(new Cat(5), new Cat(2), new Cat(9)));
        Collections.sort(cats);
        System.out.println("recursive bound sort " + cats + " max " + max(cats) + " self " + cats.get(0).self());
        System.out.println("pair " + new Pair<>(1, "one").swap());

        // Heap pollution: the cast fails where the value is used, not where it was stored
        @SuppressWarnings({ "unchecked", "rawtypes" })
        List<String> polluted = (List) new ArrayList<>(Arrays.asList(1, 2));
        System.out.println("polluted size " + polluted.size() + " get as Object " + ((List<?>) polluted).get(0));
        try { String s = polluted.get(0); System.out.println(s); }
        catch (ClassCastException e) { System.out.println("use-site CCE: " + e.getMessage()); }

        // Erasure: same runtime class
        System.out.println("erasure " + (new ArrayList<String>().getClass() == new ArrayList<Integer>().getClass()));

        // Generic signatures via reflection
        Field f = Generics.class.getField("field");
        System.out.println("field type " + f.getGenericType());
        Method m = null;
        for (Method x : Generics.class.getMethods()) if (x.getName().equals("method")) m = x;
        System.out.println("method return " + m.getGenericReturnType() + " params " + Arrays.toString(m.getGenericParameterTypes()));
        TypeVariable<Method> tv = m.getTypeParameters()[0];
        System.out.println("type var " + tv.getName() + " bounds " + Arrays.toString(tv.getBounds()));
        System.out.println("superclass " + IntBox.class.getGenericSuperclass() + " " + Cat.class.getGenericSuperclass());
        ParameterizedType pt = (ParameterizedType) f.getGenericType();
        System.out.println("raw " + pt.getRawType() + " args " + Arrays.toString(pt.getActualTypeArguments()) + " owner " + pt.getOwnerType());
        System.out.println("Box type params " + Arrays.toString(Box.class.getTypeParameters()) + " Map.Entry " + Arrays.toString(Map.Entry.class.getTypeParameters()));
    }
}
