// The AsyncGetCallTrace benchmark's workload (bench/asgct.sh): the main thread computes
// in a loop 20 Java frames deep for the given number of seconds, while the agent
// (agent.c) samples it.
public class Deep {
    static long sink;

    static long spin(long seconds) {
        long end = System.nanoTime() + seconds * 1_000_000_000L, x = 0;
        while (System.nanoTime() < end)
            for (int i = 0; i < 10_000; i++) x = x * 6364136223846793005L + i;
        return x;
    }

    static long down(int depth, long seconds) {
        return depth <= 1 ? spin(seconds) : down(depth - 1, seconds) + 1;
    }

    public static void main(String[] args) {
        sink = down(19, Long.parseLong(args[0])); // main + 19 frames of down + spin = 21
        System.out.println(sink != 0 ? "done" : "?");
    }
}
