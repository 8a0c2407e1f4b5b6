// Interpreter benchmark: loops and arithmetic on int, long and double locals (no calls,
// no allocation, no field access in the hot loops). Prints checksums.
public class Loops {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        int isum = 0;
        long lsum = 0;
        double dsum = 0;
        for (int rep = 0; rep < n; rep++) {
            for (int i = 0; i < 50_000_000; i++) {
                isum += (i ^ (i >>> 3)) * 7 - (i & 15);
                lsum += ((long) i * i) % 1000003L;
                if ((i & 7) == 0) dsum += i * 0.5 - dsum * 1e-7;
            }
            // Sieve-like integer work with nested loops and branches
            int primes = 0;
            for (int k = 2; k < 250000; k++) {
                boolean prime = true;
                for (int d = 2; d * d <= k; d++) {
                    if (k % d == 0) { prime = false; break; }
                }
                if (prime) primes++;
            }
            isum += primes;
        }
        System.out.println(isum + " " + lsum + " " + dsum);
    }
}
