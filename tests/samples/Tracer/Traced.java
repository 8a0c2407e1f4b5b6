// The tracer's workload: nested calls, a recursive method, an exception that ends two
// calls, calls from a second thread, and calls to methods the filter leaves out
// (Traced.helper, JDK methods).
public class Traced {
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

    static int helper(int x) { return x + 1; }

    static void thrower(int n) {
        if (n == 0) throw new IllegalArgumentException("bottom");
        thrower(n - 1);
    }

    static void compute() {
        int r = fib(3) + helper(1);
        try {
            thrower(1);
        } catch (IllegalArgumentException e) {
            r++;
        }
        System.out.println("result " + r);
    }

    public static void main(String[] args) throws Exception {
        compute();
        Thread t = new Thread(Traced::compute, "worker");
        t.start();
        t.join();
    }
}
