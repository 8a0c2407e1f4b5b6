// The workload of the profiler tests: the main thread computes Fibonacci numbers
// recursively (Fib.fib should dominate a CPU profile) while a second thread sleeps (it
// must not appear in a CPU profile, only in a wall-clock one). The main thread computes
// for the given seconds of its own CPU time, not of real time: on a loaded machine (or
// under make check's sanitizers) a thread that gets a fraction of a CPU would otherwise
// be sampled too few times, in either mode.
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

public class Fib {
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static void sleepLong() {
        try {
            Thread.sleep(600_000);
        } catch (InterruptedException e) {
            // the end of the run
        }
    }

    public static void main(String[] args) throws Exception {
        Thread sleeper = new Thread(Fib::sleepLong, "sleeper");
        sleeper.start();
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 2;
        ThreadMXBean tb = ManagementFactory.getThreadMXBean();
        long end = tb.getCurrentThreadCpuTime() + seconds * 1_000_000_000L;
        long sum = 0;
        while (tb.getCurrentThreadCpuTime() < end) sum += fib(24);
        sleeper.interrupt();
        sleeper.join();
        System.out.println(sum > 0 ? "done" : "?");
    }
}
