// Interpreter benchmark: method calls — static recursion (fib), small static helpers,
// virtual calls on a final-ish receiver, and calls with many arguments.
public class Calls {
    static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
    static int add3(int a, int b, int c) { return a + b + c; }
    static long mix(long a, int b, double c, long d) { return a + b + (long) c + d; }
    int field = 1;
    int get() { return field; }
    void inc(int by) { field += by; }

    public static void main(String[] args) {
        long r = fib(29);
        int acc = 0;
        for (int i = 0; i < 3_500_000; i++) acc = add3(acc, i, 1) & 0xffffff;
        long m = 0;
        for (int i = 0; i < 1_800_000; i++) m = mix(m, i, 0.5, 3) % 1_000_000_007L;
        Calls c = new Calls();
        for (int i = 0; i < 3_500_000; i++) { c.inc(1); acc += c.get() & 1; }
        System.out.println(r + " " + acc + " " + m + " " + c.field);
    }
}
