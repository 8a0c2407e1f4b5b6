// java.util.stream: map/filter/reduce, collectors (toList, joining, groupingBy into
// TreeMaps, partitioningBy, counting, summarizing), IntStream/LongStream/DoubleStream,
// flatMap, sorted/distinct/limit/skip, iterate/generate, short-circuiting, and a
// parallel stream whose result is order-independent.
import java.util.*;
import java.util.stream.*;

public class Streams {
    public static void main(String[] args) {
        List<String> words = Arrays.asList("stream", "lambda", "map", "filter", "reduce", "collect", "sorted", "distinct", "map", "limit");
        System.out.println(words.stream().filter(w -> w.length() > 4).map(String::toUpperCase).collect(Collectors.toList()));
        System.out.println(words.stream().distinct().sorted().collect(Collectors.joining(", ", "[", "]")));
        TreeMap<Integer, List<String>> byLength = words.stream().collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.toList()));
        System.out.println(byLength);
        System.out.println(words.stream().collect(Collectors.partitioningBy(w -> w.contains("e"), Collectors.counting())));
        TreeMap<Character, String> byInitial = words.stream().collect(Collectors.groupingBy(w -> w.charAt(0), TreeMap::new, Collectors.joining("|")));
        System.out.println(byInitial);
        System.out.println(words.stream().mapToInt(String::length).summaryStatistics());
        TreeMap<String, Integer> lengths = words.stream().collect(Collectors.toMap(w -> w, String::length, (a, b) -> a + b, TreeMap::new));
        System.out.println(lengths);
        System.out.println(IntStream.rangeClosed(1, 10).map(x -> x * x).filter(x -> x % 2 == 1).boxed().collect(Collectors.toList()));
        System.out.println(IntStream.range(0, 100).sum() + " " + LongStream.rangeClosed(1, 20).reduce(1, (a, b) -> a * b) + " "
            + DoubleStream.of(1.5, 2.5, 3.0).average().getAsDouble() + " " + IntStream.of(3, 1, 2).max().getAsInt() + " " + IntStream.empty().max().isPresent());
        System.out.println(Stream.of(List.of(1, 2), List.of(3), List.<Integer>of()).flatMap(List::stream).map(x -> x * 10).collect(Collectors.toList()));
        System.out.println(Stream.iterate(1, x -> x * 3).limit(8).collect(Collectors.toList()) + " " + Stream.iterate(1, x -> x < 100, x -> x * 2).skip(2).collect(Collectors.toList()));
        int[] counter = { 0 };
        System.out.println(Stream.generate(() -> counter[0]++).limit(5).map(String::valueOf).collect(Collectors.joining("")));
        System.out.println(words.stream().anyMatch(w -> w.startsWith("l")) + " " + words.stream().allMatch(w -> w.length() > 2) + " " + words.stream().noneMatch(String::isEmpty)
            + " " + words.stream().findFirst().get() + " " + words.stream().filter(w -> w.endsWith("t")).count());
        // Short-circuiting: peek shows how many elements were pulled
        StringBuilder pulled = new StringBuilder();
        Optional<Integer> firstBig = IntStream.range(0, 1000).boxed().peek(x -> pulled.append(x).append(',')).filter(x -> x * x > 50).findFirst();
        System.out.println("firstBig " + firstBig.get() + " pulled " + pulled);
        System.out.println(Stream.of("b", "a", "c").sorted(Comparator.reverseOrder()).reduce("", String::concat) + " " + Stream.of(1, 2, 3, 4).reduce(Integer::sum).get()
            + " " + Stream.of(1, 2, 3).reduce(10, (a, b) -> a + b, Integer::sum));
        // Parallel: the sum does not depend on the split
        System.out.println("parallel sum " + LongStream.rangeClosed(1, 200000).parallel().map(x -> x % 7).sum()
            + " parallel sorted list " + IntStream.range(0, 20).parallel().map(x -> 19 - x).sorted().boxed().collect(Collectors.toList()));
        System.out.println("parallel groupingBy " + IntStream.range(0, 1000).parallel().boxed().collect(Collectors.groupingByConcurrent(x -> x % 3, Collectors.counting())).get(1));
        // Streams over arrays and strings
        System.out.println(Arrays.stream(new int[] { 5, 3, 9 }).sorted().mapToObj(Integer::toString).collect(Collectors.joining("<")) + " "
            + "hello".chars().filter(Character::isLetter).mapToObj(c -> String.valueOf((char) (c - 32))).collect(Collectors.joining()) + " "
            + Arrays.stream(new String[] { "x", "y" }).collect(Collectors.toCollection(ArrayDeque::new)).peekLast());
        // Collectors: averaging, mapping, teeing, collectingAndThen
        System.out.println(words.stream().collect(Collectors.averagingInt(String::length)) + " "
            + words.stream().collect(Collectors.mapping(w -> w.substring(0, 1), Collectors.toCollection(TreeSet::new))) + " "
            + words.stream().collect(Collectors.teeing(Collectors.counting(), Collectors.minBy(Comparator.naturalOrder()), (c, m) -> c + ":" + m.get())) + " "
            + words.stream().collect(Collectors.collectingAndThen(Collectors.toList(), Collections::unmodifiableList)).size());
        // Stream reuse is an error
        Stream<String> once = words.stream();
        once.count();
        try { once.count(); } catch (IllegalStateException e) { System.out.println("reuse: " + e.getMessage()); }
        System.out.println(IntStream.iterate(0, i -> i + 2).takeWhile(i -> i < 10).boxed().collect(Collectors.toList()) + " "
            + Stream.of(1, 2, 3, 4, 1).dropWhile(i -> i < 3).collect(Collectors.toList()) + " " + Stream.ofNullable(null).count() + " " + Stream.of(1, 2).toList());
    }
}
