// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A workload for tests/apps/Guava (see run).
import com.google.common.base.CaseFormat;
import com.google.common.base.Joiner;
import com.google.common.base.MoreObjects;
import com.google.common.base.Splitter;
import com.google.common.cache.CacheBuilder;
import com.google.common.cache.CacheLoader;
import com.google.common.cache.LoadingCache;
import com.google.common.collect.ArrayListMultimap;
import com.google.common.collect.HashBasedTable;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSortedSet;
import com.google.common.collect.Iterables;
import com.google.common.collect.Lists;
import com.google.common.collect.Multimap;
import com.google.common.collect.Ordering;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import com.google.common.collect.Sets;
import com.google.common.collect.Table;
import com.google.common.collect.TreeMultiset;
import com.google.common.collect.TreeRangeSet;
import com.google.common.eventbus.EventBus;
import com.google.common.eventbus.Subscribe;
import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
import com.google.common.hash.Hashing;
import com.google.common.io.BaseEncoding;
import com.google.common.math.IntMath;
import com.google.common.math.LongMath;
import com.google.common.net.InternetDomainName;
import com.google.common.primitives.Ints;
import com.google.common.reflect.TypeToken;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.ListeningExecutorService;
import com.google.common.util.concurrent.MoreExecutors;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

public class Main {
    static class Listener {
        final List<String> seen = new ArrayList<>();

        @Subscribe
        public void onString(String s) {
            seen.add("string " + s);
        }

        @Subscribe
        public void onInteger(Integer i) {
            seen.add("integer " + i);
        }
    }

    public static void main(String[] args) throws Exception {
        ImmutableList<String> words = ImmutableList.of("delta", "alpha", "charlie", "bravo", "alpha");
        System.out.println(Ordering.natural().sortedCopy(words) + " " + ImmutableSortedSet.copyOf(words));
        System.out.println(Joiner.on(", ").withKeyValueSeparator("=").join(ImmutableMap.of("a", 1, "b", 2)));
        System.out.println(Splitter.on(',').trimResults().omitEmptyStrings().splitToList(" x, ,y ,z,"));
        System.out.println(CaseFormat.LOWER_CAMEL.to(CaseFormat.UPPER_UNDERSCORE, "glassVmTools"));

        Multimap<String, Integer> mm = ArrayListMultimap.create();
        for (String w : words) mm.put(w.substring(0, 1), w.length());
        System.out.println(new java.util.TreeMap<>(mm.asMap()));
        TreeMultiset<String> ms = TreeMultiset.create(words);
        System.out.println(ms + " count(alpha)=" + ms.count("alpha"));
        Table<String, Integer, String> t = HashBasedTable.create();
        t.put("r", 1, "one");
        t.put("r", 2, "two");
        System.out.println(new java.util.TreeMap<>(t.row("r")) + " " + t.contains("r", 2));
        System.out.println(Sets.powerSet(ImmutableSortedSet.of(1, 2, 3)).size() + " "
                + Lists.partition(Ints.asList(1, 2, 3, 4, 5), 2) + " " + Iterables.getLast(words));

        RangeSet<Integer> rs = TreeRangeSet.create();
        rs.add(Range.closed(1, 10));
        rs.add(Range.closedOpen(11, 15));
        rs.remove(Range.open(3, 5));
        System.out.println(rs + " contains 4: " + rs.contains(4));

        LoadingCache<Integer, String> cache = CacheBuilder.newBuilder().maximumSize(2).recordStats()
                .build(new CacheLoader<Integer, String>() {
                    @Override
                    public String load(Integer k) {
                        return "v" + k * k;
                    }
                });
        System.out.println(cache.get(3) + " " + cache.get(3) + " " + cache.get(4) + " " + cache.get(5) + " size "
                + cache.size() + " hits " + cache.stats().hitCount() + " misses " + cache.stats().missCount());

        byte[] data = "GlassVM".getBytes(StandardCharsets.UTF_8);
        System.out.println(Hashing.sha256().hashBytes(data) + " " + Hashing.murmur3_32_fixed().hashBytes(data) + " "
                + Hashing.crc32c().hashBytes(data) + " " + Hashing.farmHashFingerprint64().hashBytes(data));
        System.out.println(BaseEncoding.base32().encode(data) + " " + BaseEncoding.base16().lowerCase().encode(data));
        BloomFilter<Integer> bf = BloomFilter.create(Funnels.integerFunnel(), 1000, 0.01);
        for (int i = 0; i < 1000; i += 2) bf.put(i);
        int falsePositives = 0;
        for (int i = 1; i < 1000; i += 2) if (bf.mightContain(i)) falsePositives++;
        System.out.println("bloom: " + bf.mightContain(500) + " false positives " + falsePositives);

        System.out.println(IntMath.log2(1000, RoundingMode.CEILING) + " " + LongMath.binomial(40, 20) + " "
                + IntMath.gcd(84, 36) + " " + LongMath.isPrime(1_000_000_007L));
        System.out.println(InternetDomainName.from("www.example.co.uk").topPrivateDomain());

        EventBus bus = new EventBus("test");
        Listener l = new Listener();
        bus.register(l);
        bus.post("hello");
        bus.post(7);
        bus.post(3.0);
        System.out.println(l.seen);

        TypeToken<Map<String, List<Integer>>> tt = new TypeToken<Map<String, List<Integer>>>() {};
        System.out.println(tt + " raw " + tt.getRawType().getSimpleName() + " "
                + tt.resolveType(Map.class.getTypeParameters()[1]));
        System.out.println(MoreObjects.toStringHelper("Point").add("x", 1).add("y", 2).omitNullValues().add("z", null));

        ListeningExecutorService ex = MoreExecutors.listeningDecorator(Executors.newFixedThreadPool(2));
        List<ListenableFuture<Integer>> fs = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            final int n = i;
            fs.add(ex.submit(() -> n * n));
        }
        ListenableFuture<Integer> sum = Futures.transform(Futures.allAsList(fs),
                list -> list.stream().mapToInt(Integer::intValue).sum(), MoreExecutors.directExecutor());
        System.out.println("futures: " + sum.get(30, TimeUnit.SECONDS));
        ex.shutdown();
        System.out.println("terminated: " + ex.awaitTermination(30, TimeUnit.SECONDS));
    }
}
