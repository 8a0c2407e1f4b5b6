// java.lang.Math methods the interpreter computes without a frame (sqrt, abs, min, max,
// fma; StrictMath.sqrt): exact results, bit for bit, on edge cases (signed zeros,
// subnormals, infinities, NaNs, integer extremes) and on 200,000 random arguments of
// every kind, summed into a printed checksum. NaN results are compared as NaNs: their
// payload and sign are the implementation's (HotSpot's compiled code and its interpreter
// differ there too). jvmti/events/MathToolMode compares these with the Java bodies.
import java.util.Random;

public class MathLeaves {
    static long dbits(double d) { return Double.doubleToLongBits(d); }
    static int fbits(float f) { return Float.floatToIntBits(f); }

    static final double[] DS = { 0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, 1e-310, 0.5, 1.0, -1.0,
        2.0, 3.0, 1e308, Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
        Double.longBitsToDouble(0xfff8000000000001L), 0.1, -7.25, 4.0 / 3 };
    static final float[] FS = { 0.0f, -0.0f, Float.MIN_VALUE, -Float.MIN_VALUE, 0.5f, 1.0f, -1.0f, 3.0f, Float.MAX_VALUE,
        -Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN, Float.intBitsToFloat(0xffc00001), 0.1f, -7.25f };
    static final int[] IS = { 0, 1, -1, 7, -7, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1 };
    static final long[] LS = { 0, 1, -1, 7, -7, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 1L << 40 };

    public static void main(String[] args) throws Exception {
        for (double x : DS) {
            StringBuilder sb = new StringBuilder("d " + x + ": sqrt " + Math.sqrt(x) + " strict " + StrictMath.sqrt(x) + " abs "
                + dbits(Math.abs(x)));
            for (double y : new double[] { 0.0, -0.0, 1.0, Double.NaN, Double.NEGATIVE_INFINITY })
                sb.append(" | ").append(dbits(Math.max(x, y))).append(' ').append(dbits(Math.min(x, y))).append(' ')
                    .append(dbits(Math.max(y, x))).append(' ').append(dbits(Math.min(y, x))).append(' ')
                    .append(dbits(Math.fma(x, y, 1.0))).append(' ').append(dbits(Math.fma(y, 3.0, x)));
            System.out.println(sb);
        }
        for (float x : FS) {
            StringBuilder sb = new StringBuilder("f " + x + ": abs " + fbits(Math.abs(x)));
            for (float y : new float[] { 0.0f, -0.0f, 1.0f, Float.NaN, Float.NEGATIVE_INFINITY })
                sb.append(" | ").append(fbits(Math.max(x, y))).append(' ').append(fbits(Math.min(x, y))).append(' ')
                    .append(fbits(Math.max(y, x))).append(' ').append(fbits(Math.min(y, x))).append(' ')
                    .append(fbits(Math.fma(x, y, 1.0f))).append(' ').append(fbits(Math.fma(y, 3.0f, x)));
            System.out.println(sb);
        }
        for (int x : IS) {
            StringBuilder sb = new StringBuilder("i " + x + ": abs " + Math.abs(x));
            for (int y : IS) sb.append(' ').append(Math.max(x, y)).append('/').append(Math.min(x, y));
            System.out.println(sb);
        }
        for (long x : LS) {
            StringBuilder sb = new StringBuilder("l " + x + ": abs " + Math.abs(x));
            for (long y : LS) sb.append(' ').append(Math.max(x, y)).append('/').append(Math.min(x, y));
            System.out.println(sb);
        }

        // Random arguments: raw bit patterns (every exponent, subnormals, NaNs) and
        // ordinary values, their results summed.
        Random r = new Random(17);
        long sum = 0;
        for (int i = 0; i < 200_000; i++) {
            double a = i % 2 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextGaussian() * 1e3;
            double b = i % 3 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble() - 0.5;
            double c = i % 5 == 0 ? -b : r.nextGaussian();
            float fa = (float) a, fb = i % 7 == 0 ? -0.0f : (float) b;
            long s = dbits(Math.sqrt(a)) + 3 * dbits(Math.abs(a)) + 5 * dbits(Math.max(a, b)) + 7 * fbits(Math.min(fa, fb))
                + 11 * dbits(Math.fma(a, b, c)) + 13 * Math.max((int) a, (int) b) + 17 * Math.abs((long) (b * 1e18))
                + 19 * dbits(StrictMath.sqrt(b)) + 23 * fbits(Math.fma(fa, fb, (float) c)) + 29 * dbits(Math.min(b, c))
                + 31 * fbits(Math.abs(fb)) + 37 * fbits(Math.max(fb, fa)) + 41 * Math.min((long) c, (long) a);
            sum = sum * 31 + s;
        }
        System.out.println("random checksum " + sum);
    }
}
