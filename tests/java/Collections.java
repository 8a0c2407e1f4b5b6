// java.util collections: ArrayList, LinkedList, ArrayDeque, PriorityQueue, HashMap and
// HashSet (with String/Integer keys, whose iteration order is deterministic), TreeMap,
// TreeSet, iterators and ListIterators, removal during iteration, fail-fast
// ConcurrentModificationException, sorting with comparators, and Collections helpers.
import java.util.*;

public class Collections {
    static class ByLength implements Comparator<String> {
        public int compare(String a, String b) { return a.length() != b.length() ? a.length() - b.length() : a.compareTo(b); }
    }

    public static void main(String[] args) {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 20; i++) list.add((i * 7) % 20);
        System.out.println("ArrayList " + list + " size " + list.size());
        list.remove(Integer.valueOf(7));
        list.remove(0);
        list.add(3, 99);
        list.set(1, -1);
        System.out.println("modified " + list + " indexOf(99) " + list.indexOf(99) + " contains(13) " + list.contains(13));
        java.util.Collections.sort(list);
        System.out.println("sorted " + list + " binarySearch(14) " + java.util.Collections.binarySearch(list, 14));
        list.sort(java.util.Collections.reverseOrder());
        System.out.println("reversed " + list + " sublist " + list.subList(2, 6));
        Iterator<Integer> it = list.iterator();
        while (it.hasNext()) if (it.next() % 2 == 0) it.remove();
        System.out.println("odd only " + list);
        try {
            for (Integer x : list) if (x == 9) list.add(100);
            System.out.println("no CME?");
        } catch (ConcurrentModificationException e) {
            System.out.println("CME caught");
        }
        ListIterator<Integer> li = list.listIterator(list.size());
        StringBuilder back = new StringBuilder();
        while (li.hasPrevious()) { int idx = li.previousIndex(); int v = li.previous(); back.append(idx).append('=').append(v).append(' '); if (v == 5) li.set(55); }
        System.out.println("backwards " + back.toString().trim() + " -> " + list);

        LinkedList<String> ll = new LinkedList<>(Arrays.asList("b", "c"));
        ll.addFirst("a"); ll.addLast("d"); ll.add(2, "x");
        System.out.println("LinkedList " + ll + " first " + ll.getFirst() + " last " + ll.getLast() + " poll " + ll.poll() + " pollLast " + ll.pollLast() + " " + ll);
        ll.removeIf(new java.util.function.Predicate<String>() { public boolean test(String s) { return s.equals("x"); } });
        System.out.println("after removeIf " + ll + " descending " + toList(ll.descendingIterator()));

        ArrayDeque<Integer> dq = new ArrayDeque<>();
        for (int i = 0; i < 40; i++) { if (i % 3 == 0) dq.offerFirst(i); else dq.offerLast(i); }
        StringBuilder sb = new StringBuilder();
        while (dq.size() > 25) sb.append(dq.pollFirst()).append(',').append(dq.pollLast()).append(' ');
        System.out.println("ArrayDeque " + sb.toString().trim() + " remaining " + dq.size() + " peek " + dq.peekFirst() + "/" + dq.peekLast());
        dq.push(-1);
        System.out.println("stack pop " + dq.pop() + " " + dq.pop());

        PriorityQueue<String> pq = new PriorityQueue<>(new ByLength());
        for (String s : "the quick brown fox jumps over a lazy dog again and again".split(" ")) pq.add(s);
        sb.setLength(0);
        while (!pq.isEmpty()) sb.append(pq.poll()).append(' ');
        System.out.println("PriorityQueue " + sb.toString().trim());
        PriorityQueue<Integer> heap = new PriorityQueue<>(java.util.Collections.reverseOrder());
        for (int i = 0; i < 50; i++) heap.add((i * 37) % 101);
        sb.setLength(0);
        for (int i = 0; i < 10; i++) sb.append(heap.poll()).append(' ');
        System.out.println("max-heap top10 " + sb.toString().trim());

        Map<String, Integer> hm = new HashMap<>();
        String[] words = "one two three four five six seven eight nine ten eleven twelve one two three".split(" ");
        for (String w : words) { Integer old = hm.get(w); hm.put(w, old == null ? 1 : old + 1); }
        System.out.println("HashMap " + hm);
        System.out.println("get " + hm.get("one") + " " + hm.get("zero") + " getOrDefault " + hm.getOrDefault("zero", -1)
            + " containsKey " + hm.containsKey("ten") + " containsValue(2) " + hm.containsValue(2));
        hm.remove("six");
        hm.putIfAbsent("six", 6);
        hm.computeIfPresent("ten", new java.util.function.BiFunction<String, Integer, Integer>() {
            public Integer apply(String k, Integer v) { return v + 10; } });
        System.out.println("after edits " + hm + " keySet " + hm.keySet() + " values " + hm.values());
        Map<Integer, String> ints = new HashMap<>();
        for (int i = -5; i < 40; i += 3) ints.put(i * 1000, "v" + i);
        System.out.println("Integer keys " + ints.keySet());
        Set<String> hs = new HashSet<>(Arrays.asList(words));
        System.out.println("HashSet " + hs + " size " + hs.size());
        // Many entries force resizes and tree bins
        Map<String, Integer> big = new HashMap<>();
        for (int i = 0; i < 5000; i++) big.put("k" + i, i);
        long sum = 0;
        for (Map.Entry<String, Integer> e : big.entrySet()) sum += e.getValue() * (long) e.getKey().length();
        System.out.println("big map size " + big.size() + " sum " + sum + " k4999 " + big.get("k4999"));
        // Colliding keys ("Aa"/"BB" family) in one bucket
        Map<String, Integer> coll = new HashMap<>();
        String[] parts = { "Aa", "BB" };
        for (int i = 0; i < 256; i++) {
            StringBuilder k = new StringBuilder();
            for (int b = 0; b < 8; b++) k.append(parts[(i >> b) & 1]);
            coll.put(k.toString(), i);
        }
        System.out.println("colliding keys " + coll.size() + " " + coll.get("AaBBAaBBAaBBAaBB") + " hash " + "AaBBAaBBAaBBAaBB".hashCode());

        TreeMap<String, Integer> tm = new TreeMap<>(hm);
        System.out.println("TreeMap " + tm + " first " + tm.firstKey() + " last " + tm.lastKey() + " ceiling(s) " + tm.ceilingKey("s")
            + " floor(s) " + tm.floorKey("s") + " headMap(f) " + tm.headMap("f") + " tailMap(t) " + tm.tailMap("t")
            + " descending " + tm.descendingMap().keySet());
        TreeMap<String, Integer> byLen = new TreeMap<>(new ByLength());
        byLen.putAll(hm);
        System.out.println("TreeMap by length " + byLen.keySet() + " pollFirst " + byLen.pollFirstEntry());
        TreeSet<Integer> ts = new TreeSet<>();
        for (int i = 0; i < 30; i++) ts.add((i * 11) % 31);
        System.out.println("TreeSet " + ts + " subSet(5,15) " + ts.subSet(5, 15) + " higher(29) " + ts.higher(29) + " lower(0) " + ts.lower(0));

        // Collections utilities
        List<Integer> nums = new ArrayList<>();
        for (int i = 1; i <= 10; i++) nums.add(i);
        java.util.Collections.rotate(nums, 3);
        System.out.println("rotate " + nums);
        java.util.Collections.shuffle(nums, new Random(42));
        System.out.println("shuffle(seed 42) " + nums);
        java.util.Collections.swap(nums, 0, 9);
        System.out.println("swap " + nums + " max " + java.util.Collections.max(nums) + " min " + java.util.Collections.min(nums)
            + " frequency " + java.util.Collections.frequency(Arrays.asList(1, 2, 2, 3, 2), 2) + " nCopies " + java.util.Collections.nCopies(3, "ab"));
        List<String> unmod = java.util.Collections.unmodifiableList(new ArrayList<>(Arrays.asList("a", "b")));
        try { unmod.add("c"); } catch (UnsupportedOperationException e) { System.out.println("unmodifiable add: UOE"); }
        List<Integer> immutable = List.of(3, 1, 2);
        try { immutable.set(0, 1); } catch (UnsupportedOperationException e) { System.out.println("List.of set: UOE " + e.getMessage()); }
        System.out.println("List.of " + immutable + " Set.of size " + Set.of("x", "y", "z").size() + " Map.of " + new TreeMap<>(Map.of("b", 2, "a", 1)));
        try { List.of(1, null); } catch (NullPointerException e) { System.out.println("List.of null: NPE"); }
        // equals/hashCode across implementations
        System.out.println("equals " + new ArrayList<>(Arrays.asList(1, 2)).equals(new LinkedList<>(Arrays.asList(1, 2)))
            + " hash " + Arrays.asList(1, 2, 3).hashCode() + " " + new HashSet<>(Arrays.asList("a", "b")).hashCode()
            + " " + new HashMap<>(Map.of("k", "v")).hashCode());
        // toArray variants
        Integer[] arr = list.toArray(new Integer[0]);
        Object[] oarr = list.toArray();
        System.out.println("toArray " + Arrays.toString(arr) + " " + oarr.getClass().getSimpleName());
        // Iterator exhaustion
        Iterator<String> empty = java.util.Collections.<String>emptyList().iterator();
        try { empty.next(); } catch (NoSuchElementException e) { System.out.println("empty iterator: NoSuchElementException"); }
        try { new ArrayDeque<String>().removeFirst(); } catch (NoSuchElementException e) { System.out.println("empty deque: NoSuchElementException"); }
    }
    static <T> List<T> toList(Iterator<T> it) { List<T> l = new ArrayList<>(); while (it.hasNext()) l.add(it.next()); return l; }
}
