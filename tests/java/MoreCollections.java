// More collections: LinkedHashMap (insertion and access order, removeEldestEntry as an
// LRU cache), EnumMap/EnumSet, IdentityHashMap, WeakHashMap with strongly held keys,
// BitSet, Vector/Stack/Hashtable, Arrays.asList write-through, and ConcurrentHashMap.
import java.util.*;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

public class MoreCollections {
    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }

    static class Lru<K, V> extends LinkedHashMap<K, V> {
        final int max;
        Lru(int max) { super(16, 0.75f, true); this.max = max; }
        protected boolean removeEldestEntry(Map.Entry<K, V> e) { return size() > max; }
    }

    public static void main(String[] args) {
        LinkedHashMap<String, Integer> lhm = new LinkedHashMap<>();
        for (String s : "zeta alpha mu beta omega".split(" ")) lhm.put(s, s.length());
        lhm.put("alpha", 99);
        System.out.println("LinkedHashMap " + lhm);
        Lru<Integer, String> lru = new Lru<>(3);
        for (int i = 0; i < 5; i++) { lru.put(i, "v" + i); lru.get(i - 1 < 0 ? 0 : i - 1); }
        System.out.println("LRU " + lru);

        EnumMap<Day, Integer> em = new EnumMap<>(Day.class);
        em.put(Day.FRI, 5); em.put(Day.MON, 1); em.put(Day.SUN, 7);
        System.out.println("EnumMap " + em + " containsKey(TUE) " + em.containsKey(Day.TUE));
        EnumSet<Day> weekend = EnumSet.of(Day.SAT, Day.SUN);
        System.out.println("EnumSet " + weekend + " complement " + EnumSet.complementOf(weekend) + " range " + EnumSet.range(Day.TUE, Day.THU)
            + " all " + EnumSet.allOf(Day.class).size() + " none " + EnumSet.noneOf(Day.class));

        IdentityHashMap<String, Integer> ihm = new IdentityHashMap<>();
        String a1 = new String("key"), a2 = new String("key");
        ihm.put(a1, 1); ihm.put(a2, 2); ihm.put(a1, 3);
        System.out.println("IdentityHashMap size " + ihm.size() + " get(a1) " + ihm.get(a1) + " get(literal) " + ihm.get("key"));

        WeakHashMap<String, Integer> whm = new WeakHashMap<>();
        String strong = new String("strong");
        whm.put(strong, 1);
        System.gc();
        System.out.println("WeakHashMap strongly held key survives: " + whm.get(strong));

        BitSet bs = new BitSet();
        for (int i = 0; i < 200; i += 7) bs.set(i);
        BitSet other = new BitSet();
        other.set(0, 100);
        BitSet and = (BitSet) bs.clone(); and.and(other);
        System.out.println("BitSet card " + bs.cardinality() + " length " + bs.length() + " and " + and.cardinality()
            + " next(50) " + bs.nextSetBit(50) + " nextClear(0) " + bs.nextClearBit(0) + " " + and + " bytes " + Arrays.toString(Arrays.copyOf(bs.toByteArray(), 4)));

        Vector<Integer> v = new Vector<>();
        for (int i = 0; i < 10; i++) v.addElement(i * i);
        v.removeElementAt(3);
        System.out.println("Vector " + v + " elementAt(4) " + v.elementAt(4));
        Stack<String> st = new Stack<>();
        st.push("a"); st.push("b"); st.push("c");
        System.out.println("Stack pop " + st.pop() + " peek " + st.peek() + " search(a) " + st.search("a") + " " + st);
        Hashtable<String, Integer> ht = new Hashtable<>();
        ht.put("x", 1); ht.put("y", 2);
        try { ht.put(null, 3); } catch (NullPointerException e) { System.out.println("Hashtable null key: NPE"); }
        System.out.println("Hashtable " + new TreeMap<>(ht));

        String[] backing = { "p", "q", "r" };
        List<String> view = Arrays.asList(backing);
        view.set(1, "Q");
        backing[2] = "R";
        System.out.println("asList write-through " + Arrays.toString(backing) + " " + view);
        try { view.add("s"); } catch (UnsupportedOperationException e) { System.out.println("asList add: UOE"); }

        ConcurrentHashMap<String, Integer> chm = new ConcurrentHashMap<>();
        for (int i = 0; i < 100; i++) chm.put("c" + (i % 17), i);
        System.out.println("ConcurrentHashMap size " + chm.size() + " sorted " + new TreeMap<>(chm).headMap("c13"));
        chm.putIfAbsent("c1", -1);
        chm.replace("c2", 1000);
        System.out.println("c1 " + chm.get("c1") + " c2 " + chm.get("c2") + " mappingCount " + chm.mappingCount());
        ConcurrentSkipListMap<Integer, String> skip = new ConcurrentSkipListMap<>();
        for (int i = 10; i > 0; i--) skip.put(i * 3, "s" + i);
        System.out.println("SkipList " + skip.firstKey() + " " + skip.ceilingKey(10) + " " + skip.headMap(10));
        CopyOnWriteArrayList<Integer> cow = new CopyOnWriteArrayList<>(Arrays.asList(1, 2, 3));
        for (Integer x : cow) cow.add(x * 10);   // iterates a snapshot: no CME
        System.out.println("CopyOnWrite " + cow);
        // Spliterator and streams are elsewhere; here a plain Iterable over a custom class
        int total = 0;
        for (int x : new Range(3, 8)) total += x;
        System.out.println("custom Iterable total " + total);
        // Optional without lambdas
        Optional<String> opt = Optional.of("present");
        System.out.println(opt.isPresent() + " " + opt.get() + " " + Optional.empty().isPresent() + " " + Optional.ofNullable(null).orElse("else"));
        // StringJoiner and Objects helpers
        StringJoiner sj = new StringJoiner(", ", "{", "}");
        sj.add("a").add("b").setEmptyValue("EMPTY");
        System.out.println(sj + " " + new StringJoiner("-").setEmptyValue("EMPTY") + " " + Objects.toString(null, "dflt")
            + " " + Objects.equals(null, null) + " " + Objects.hashCode(null) + " " + Objects.requireNonNullElse(null, "x"));
    }

    static class Range implements Iterable<Integer> {
        final int lo, hi;
        Range(int lo, int hi) { this.lo = lo; this.hi = hi; }
        public Iterator<Integer> iterator() {
            return new Iterator<Integer>() {
                int next = lo;
                public boolean hasNext() { return next < hi; }
                public Integer next() { return next++; }
            };
        }
    }
}
