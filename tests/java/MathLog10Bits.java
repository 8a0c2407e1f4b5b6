// Math.log10 gives HotSpot's results bit for bit. HotSpot computes it (in its interpreter
// too) with an intrinsic routine that was correctly rounded for every argument we tried,
// unlike StrictMath's fdlibm and the C library's log10 (wrong in the last bit for about 2%
// of arguments); GlassVM computes the correctly rounded result. One million random
// arguments (the whole positive double range, subnormals included, and [0, 1000)) are
// folded into a hash, so a single last-bit difference changes the output; special cases
// print their values, of Math.log too.
public class MathLog10Bits {
    public static void main(String[] args) {
        java.util.Random r = new java.util.Random(7);
        long h = 0;
        int n = 0;
        for (int i = 0; i < 1_000_000; i++) {
            double x = Double.longBitsToDouble(r.nextLong() & 0x7fffffffffffffffL);
            if (Double.isNaN(x) || Double.isInfinite(x)) continue;
            double y = (i & 1) == 0 ? x : r.nextDouble() * 1000;
            h = h * 31 + Double.doubleToRawLongBits(Math.log10(y));
            n++;
        }
        System.out.println(n + " arguments: log10 " + Long.toHexString(h));
        double[] special = { 0.0, -0.0, -1.0, 1.0, 10.0, 1e22, 1e-300, Double.MIN_VALUE, Double.MIN_NORMAL,
            Double.MAX_VALUE, Math.E, 2.0, 0.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY };
        for (double x : special)
            System.out.println(x + ": " + Math.log(x) + " " + Math.log10(x));
    }
}
