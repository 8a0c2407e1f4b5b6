// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A coverage tool's first step: one RetransformClasses of every modifiable loaded class,
// java.base's included, each given back as a copy of its own bytes by the hook (agent.c),
// while other threads run. Afterwards the program goes on unchanged: strings,
// collections, streams and lambdas, string concatenation, exceptions with stack traces,
// reflection, threads and monitors, class loading.
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

public class RetransformAll {
    static native void retransformAll();

    static String work(int round) throws Exception {
        List<String> words = new ArrayList<>(List.of("delta", "alpha", "charlie", "bravo"));
        words.sort(null);
        Map<String, Integer> lengths = new HashMap<>();
        for (String w : words) lengths.merge(w.substring(0, 1), w.length(), Integer::sum);
        String joined = words.stream().map(String::toUpperCase).filter(w -> w.length() > 4).collect(Collectors.joining(","));
        String trace;
        try {
            Object o = List.of(1).get(round + 5);
            trace = "no exception " + o;
        } catch (IndexOutOfBoundsException e) {
            trace = e.getClass().getSimpleName() + " at " + e.getStackTrace()[0].getMethodName();
        }
        String reflected = String.class.getMethod("repeat", int.class).invoke("ab", 2).toString();
        return "round " + round + ": " + words + " " + new java.util.TreeMap<>(lengths) + " " + joined + " " + trace
               + " " + reflected + " " + String.format("%05d|%.2f", round * 7, round / 3.0);
    }

    public static void main(String[] args) throws Exception {
        System.out.println(work(0));
        AtomicLong counter = new AtomicLong();
        Object lock = new Object();
        long[] plain = new long[1];
        Thread[] ts = new Thread[2];
        final boolean[] stop = new boolean[1];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                while (true) {
                    synchronized (lock) {
                        if (stop[0]) return;
                        plain[0]++;
                    }
                    counter.incrementAndGet();
                    String.valueOf(counter.get()).hashCode();
                }
            });
            ts[i].start();
        }
        retransformAll();
        synchronized (lock) {
            stop[0] = true;
        }
        for (Thread t : ts) t.join();
        System.out.println("threads counted alike: " + (plain[0] == counter.get()));
        for (int i = 1; i < 3; i++) System.out.println(work(i));
        System.out.println(new java.util.concurrent.ConcurrentSkipListSet<>(List.of(3, 1, 2)));
    }
}
