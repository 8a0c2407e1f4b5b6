// Long arithmetic: ladd/lsub/lmul/ldiv/lrem/lneg, lcmp, overflow, MIN_VALUE / -1,
// division by zero, long constants, and mixing int and long.
public class LongArith {
    static long[] VALUES = { 0L, 1L, -1L, 2L, -3L, 10L, 0xffffffffL, 0x100000000L, -0x100000000L,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 1L << 62, Long.MAX_VALUE, Long.MAX_VALUE - 1,
        Long.MIN_VALUE, Long.MIN_VALUE + 1, 1234567890123456789L, -987654321987654321L };

    static long div(long a, long b) { return a / b; }
    static long rem(long a, long b) { return a % b; }
    static int cmp(long a, long b) { return a < b ? -1 : a == b ? 0 : 1; }

    public static void main(String[] args) {
        long check = 0;
        for (long a : VALUES) {
            for (long b : VALUES) {
                StringBuilder sb = new StringBuilder();
                sb.append(a).append(' ').append(b).append(": ")
                  .append(a + b).append(' ').append(a - b).append(' ').append(a * b).append(' ')
                  .append(cmp(a, b)).append(' ').append(Long.compare(a, b));
                if (b != 0) sb.append(' ').append(div(a, b)).append(' ').append(rem(a, b));
                else {
                    try { div(a, b); sb.append(" none"); }
                    catch (ArithmeticException e) { sb.append(" ldiv:").append(e.getMessage()); }
                    try { rem(a, b); sb.append(" none"); }
                    catch (ArithmeticException e) { sb.append(" lrem:").append(e.getMessage()); }
                }
                System.out.println(sb);
                check = check * 31 + (a * b) + (a ^ b);
            }
            System.out.println("neg " + (-a) + " not " + (~a) + " l2i " + (int) a);
        }
        System.out.println("check " + check);
        long min = Long.MIN_VALUE, m1 = -1;
        System.out.println("MIN/-1 " + (min / m1) + " MIN%-1 " + (min % m1));
        long x = Long.MAX_VALUE; x++;
        System.out.println("MAX++ " + x);
        // mixing int and long: i2l sign extension
        int neg = -5;
        long widened = neg;
        System.out.println("i2l " + widened + " " + (widened & 0xffffffffL) + " " + (neg & 0xffffffffL));
        System.out.println("int*int overflow then widen " + (long) (100000 * 100000) + " vs " + (100000L * 100000));
        // long loop counter and accumulation
        long acc = 0;
        for (long i = -1000; i < 1000; i += 3) acc += i * i * i;
        System.out.println("acc " + acc);
        // Long helpers
        System.out.println(Long.divideUnsigned(-1L, 10) + " " + Long.remainderUnsigned(-1L, 10) + " "
            + Long.toUnsignedString(-1L) + " " + Long.compareUnsigned(-1L, 0));
        try { Math.multiplyExact(Long.MAX_VALUE, 2L); }
        catch (ArithmeticException e) { System.out.println("multiplyExact: " + e.getMessage()); }
        try { Math.subtractExact(Long.MIN_VALUE, 1L); }
        catch (ArithmeticException e) { System.out.println("subtractExact: " + e.getMessage()); }
        System.out.println("multiplyHigh " + Math.multiplyHigh(Long.MAX_VALUE, Long.MAX_VALUE)
            + " " + Math.multiplyHigh(-3L, 5L) + " floorDiv " + Math.floorDiv(-7L, 2L)
            + " floorMod " + Math.floorMod(-7L, 3L));
        System.out.println("abs(MIN) " + Math.abs(Long.MIN_VALUE));
    }
}
