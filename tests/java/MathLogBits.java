// Math.log and Math.log10 give HotSpot's results bit for bit on random arguments.
// HotSpot computes them (in its interpreter too) with intrinsic routines that were
// correctly rounded for every such argument we tried (not quite all close to 1: within
// 1/128 of it about 0.06% are off by an ulp), unlike StrictMath's fdlibm and the C
// library's log and log10 (wrong in the last bit for 0.003% and 2% of arguments);
// GlassVM computes the correctly rounded results. One million random arguments per
// function (the whole positive double range, subnormals included, and [0, 1000)) are
// folded into hashes, so a single last-bit difference changes the output; special cases
// and the exact powers of ten print their values.
public class MathLogBits {
    public static void main(String[] args) {
        java.util.Random r = new java.util.Random(7);
        long h1 = 0, h2 = 0;
        int n = 0;
        for (int i = 0; i < 1_000_000; i++) {
            double x = Double.longBitsToDouble(r.nextLong() & 0x7fffffffffffffffL);
            if (Double.isNaN(x) || Double.isInfinite(x)) continue;
            double y = (i & 1) == 0 ? x : r.nextDouble() * 1000;
            h1 = h1 * 31 + Double.doubleToRawLongBits(Math.log(y));
            h2 = h2 * 31 + Double.doubleToRawLongBits(Math.log10(y));
            n++;
        }
        System.out.println(n + " arguments: log " + Long.toHexString(h1) + " log10 " + Long.toHexString(h2));
        double[] special = { 0.0, -0.0, -1.0, 1.0, 10.0, 100.0, 1e22, 1e23, 1e-300, Double.MIN_VALUE,
            Double.MIN_NORMAL, Double.MAX_VALUE, Math.E, 2.0, 0.5, Math.nextUp(1.0), Math.nextDown(1.0),
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY };
        for (double x : special)
            System.out.println(x + ": " + Math.log(x) + " " + Math.log10(x));
        for (int e = -323; e <= 308; e++) {
            double x = Double.parseDouble("1e" + e);
            if (Math.log10(x) != e && x >= 1 && x <= 1e22) System.out.println("log10(1e" + e + ") = " + Math.log10(x));
        }
    }
}
