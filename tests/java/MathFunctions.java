// java.lang.Math and StrictMath. StrictMath results are specified bit-for-bit (fdlibm),
// so they are printed exactly; Math's transcendental functions may differ by an ulp
// between implementations, so they are checked against StrictMath within the spec's
// error bound; exactly specified Math functions (sqrt, abs, floor, ...) print exactly.
public class MathFunctions {
    static double[] XS = { 0.0, -0.0, 1e-300, 1e-10, 0.1, 0.5, 1.0, 2.0, Math.E, 3.0, Math.PI, 10.0, 100.5, 1e10, 1e300,
        -0.5, -1.0, -3.7, -1e10, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY };

    // |a - b| within n ulps of b (NaN matches NaN, infinities must match exactly)
    static boolean close(double a, double b, int n) {
        if (Double.isNaN(a) || Double.isNaN(b)) return Double.isNaN(a) && Double.isNaN(b);
        if (Double.isInfinite(a) || Double.isInfinite(b)) return a == b;
        return Math.abs(a - b) <= n * Math.ulp(b);
    }

    public static void main(String[] args) {
        for (double x : XS) {
            System.out.println("x=" + x + " sin " + StrictMath.sin(x) + " cos " + StrictMath.cos(x) + " tan " + StrictMath.tan(x)
                + " asin " + StrictMath.asin(x) + " acos " + StrictMath.acos(x) + " atan " + StrictMath.atan(x));
            System.out.println("   exp " + StrictMath.exp(x) + " log " + StrictMath.log(x) + " log10 " + StrictMath.log10(x)
                + " log1p " + StrictMath.log1p(x) + " expm1 " + StrictMath.expm1(x) + " sqrt " + StrictMath.sqrt(x) + " cbrt " + StrictMath.cbrt(x));
            System.out.println("   sinh " + StrictMath.sinh(x) + " cosh " + StrictMath.cosh(x) + " tanh " + StrictMath.tanh(x)
                + " pow(x,2.5) " + StrictMath.pow(x, 2.5) + " pow(2,x) " + StrictMath.pow(2, x) + " atan2(x,1.5) " + StrictMath.atan2(x, 1.5)
                + " hypot(x,3) " + StrictMath.hypot(x, 3));
            System.out.println("   Math within 1-2 ulp: " + close(Math.sin(x), StrictMath.sin(x), 1) + close(Math.cos(x), StrictMath.cos(x), 1)
                + close(Math.tan(x), StrictMath.tan(x), 1) + close(Math.exp(x), StrictMath.exp(x), 1) + close(Math.log(x), StrictMath.log(x), 1)
                + close(Math.log10(x), StrictMath.log10(x), 1) + close(Math.pow(x, 2.5), StrictMath.pow(x, 2.5), 2)
                + close(Math.atan2(x, 1.5), StrictMath.atan2(x, 1.5), 2) + close(Math.cbrt(x), StrictMath.cbrt(x), 1));
            System.out.println("   exact: sqrt " + Math.sqrt(x) + " abs " + Math.abs(x) + " floor " + Math.floor(x) + " ceil " + Math.ceil(x)
                + " rint " + Math.rint(x) + " round " + Math.round(x) + " signum " + Math.signum(x) + " ulp " + Math.ulp(x)
                + " getExponent " + Math.getExponent(x) + " nextUp " + Math.nextUp(x) + " nextDown " + Math.nextDown(x)
                + " scalb " + Math.scalb(x, 3) + " toDegrees " + StrictMath.toDegrees(x) + " toRadians " + StrictMath.toRadians(x));
        }
        // Special pow cases specified exactly
        double[][] pows = { { 0, 0 }, { -0.0, -1 }, { 0, -1 }, { -2, 3 }, { -2, 0.5 }, { 1, Double.NaN }, { Double.NaN, 0 },
            { -1, Double.POSITIVE_INFINITY }, { 2, 1024 }, { 2, -1075 }, { 10, 308 }, { -8, 1.0 / 3 }, { 0.5, Double.NEGATIVE_INFINITY } };
        for (double[] p : pows) System.out.println("pow(" + p[0] + "," + p[1] + ") = " + Math.pow(p[0], p[1]) + " strict " + StrictMath.pow(p[0], p[1]));
        // Integer-valued Math
        System.out.println(Math.max(3, 7) + " " + Math.min(-3L, 7L) + " " + Math.max(1.5f, Float.NaN) + " " + Math.abs(-7.5f)
            + " " + Math.round(2.5f) + " " + Math.round(-2.5f) + " " + Math.round(Float.NaN) + " " + Math.round(1e20f)
            + " " + Math.floorDiv(-1, 3) + " " + Math.floorMod(-1, 3) + " " + Math.absExact(-5) + " " + Math.copySign(3.0, -0.0)
            + " " + Math.fma(0.1, 10, -1) + " " + Math.hypot(3, 4) + " " + Math.IEEEremainder(10, 3));
        try { Math.absExact(Integer.MIN_VALUE); } catch (ArithmeticException e) { System.out.println("absExact: " + e.getMessage()); }
        try { Math.incrementExact(Long.MAX_VALUE); } catch (ArithmeticException e) { System.out.println("incrementExact: " + e.getMessage()); }
        // Float variants
        float[] fxs = { 0.1f, 1.5f, -2.5f, 1e30f, Float.MIN_VALUE, Float.NaN };
        for (float f : fxs) System.out.println("f=" + f + " ulp " + Math.ulp(f) + " nextUp " + Math.nextUp(f) + " nextAfter " + Math.nextAfter(f, 0.0)
            + " getExponent " + Math.getExponent(f) + " scalb " + Math.scalb(f, -2) + " signum " + Math.signum(f) + " sqrt " + (float) Math.sqrt(f));
        // A sum of many sqrt calls is exact (sqrt is correctly rounded)
        double s = 0;
        for (int i = 0; i < 10000; i++) s += Math.sqrt(i);
        System.out.println("sum sqrt " + s);
        // Random with a seed is specified
        java.util.Random r = new java.util.Random(12345);
        System.out.println("Random " + r.nextInt() + " " + r.nextInt(100) + " " + r.nextLong() + " " + r.nextDouble() + " " + r.nextBoolean()
            + " " + r.nextFloat() + " " + r.nextGaussian());
        java.util.SplittableRandom sr = new java.util.SplittableRandom(7);
        System.out.println("SplittableRandom " + sr.nextInt() + " " + sr.nextLong() + " " + sr.nextDouble());
    }
}
