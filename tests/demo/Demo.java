// A short tour of GlassVM running real Java on the unmodified OpenJDK 17 class library
// (`make demo`). The output is deterministic. The program avoids `+` on strings,
// lambdas and records, so it needs no invokedynamic however it is compiled.
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public class Demo {
    public static void main(String[] args) throws Exception {
        System.out.println("Hello from GlassVM!");
        System.out.printf("Java %s class library, running %s on %s/%s%n",
            System.getProperty("java.specification.version"), Demo.class.getName(),
            System.getProperty("os.name"), System.getProperty("os.arch"));

        // Strings and collections
        String text = "the quick brown fox jumps over the lazy dog the end";
        Map<String, Integer> counts = new TreeMap<>();
        for (String w : text.split(" ")) {
            Integer old = counts.get(w);
            counts.put(w, old == null ? 1 : old + 1);
        }
        System.out.printf("word counts: %s%n", counts);
        List<String> upper = new ArrayList<>();
        for (String w : counts.keySet()) if (w.length() > 4) upper.add(w.toUpperCase());
        System.out.printf("long words: %s%n", String.join(", ", upper));

        // A thread computing while main waits for it
        final long[] result = new long[1];
        Thread worker = new Thread(new Runnable() {
            public void run() {
                long a = 0, b = 1;
                for (int i = 0; i < 90; i++) { long t = a + b; a = b; b = t; }
                result[0] = a;
            }
        }, "fibonacci");
        worker.start();
        worker.join();
        System.out.printf("thread '%s' computed fib(90) = %d%n", worker.getName(), result[0]);

        // An exception thrown and caught
        try {
            int[] small = new int[3];
            small[5] = 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.printf("caught %s: %s%n", e.getClass().getSimpleName(), e.getMessage());
        }

        // A little arithmetic
        java.math.BigInteger f = java.math.BigInteger.ONE;
        for (int i = 2; i <= 30; i++) f = f.multiply(java.math.BigInteger.valueOf(i));
        System.out.printf("30! = %s, sqrt(2) = %.12f%n", f, Math.sqrt(2));
        System.out.println("Goodbye.");
    }
}
