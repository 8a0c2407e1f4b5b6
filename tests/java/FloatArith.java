// Float and double arithmetic: fadd..frem, dadd..drem, IEEE rounding, infinities,
// signed zero, subnormals, float precision versus double, and strictfp semantics.
public class FloatArith {
    static float fdiv(float a, float b) { return a / b; }
    static double ddiv(double a, double b) { return a / b; }
    static float frem(float a, float b) { return a % b; }
    static double drem(double a, double b) { return a % b; }

    public static void main(String[] args) {
        double[] ds = { 0.0, -0.0, 1.0, -1.0, 0.1, 3.0, -7.5, 1e308, 1e-308, 4.9e-324,
            Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 123456.789 };
        for (double a : ds) {
            for (double b : ds) {
                System.out.println(a + " " + b + ": " + (a + b) + " " + (a - b) + " " + (a * b)
                    + " " + ddiv(a, b) + " " + drem(a, b));
            }
        }
        float[] fs = { 0f, -0f, 1f, -1f, 0.1f, 3f, -7.5f, 3.4e38f, 1e-38f, 1.4e-45f,
            Float.POSITIVE_INFINITY, Float.NaN, 16777216f };
        for (float a : fs) {
            for (float b : fs) {
                System.out.println(a + " " + b + ": " + (a + b) + " " + (a - b) + " " + (a * b)
                    + " " + fdiv(a, b) + " " + frem(a, b));
            }
        }
        // Accumulated rounding
        float fsum = 0; double dsum = 0;
        for (int i = 0; i < 1000; i++) { fsum += 0.1f; dsum += 0.1; }
        System.out.println("sum 0.1 x1000: " + fsum + " " + dsum);
        System.out.println("0.1+0.2 " + (0.1 + 0.2) + " " + (0.1f + 0.2f) + " 1-0.9 " + (1 - 0.9));
        System.out.println("float 16777216+1 " + (16777216f + 1f) + " double 2^53+1 " + (9007199254740992.0 + 1));
        // Subnormal arithmetic (no flush to zero)
        double sub = Double.MIN_VALUE;
        System.out.println("subnormal " + (sub * 2) + " " + (sub / 2) + " " + (Double.MIN_NORMAL / 3)
            + " " + (Float.MIN_NORMAL / 3f) + " " + (Float.MIN_VALUE / 2f));
        // Double rounding avoidance (strictfp is the default since 17)
        double big = 1e308;
        System.out.println("big*10/10 " + (big * 10 / 10) + " " + (big / 10 * 10));
        double x = 0x1.fffffffffffffp-1;
        System.out.println("x*x " + (x * x) + " fma " + Math.fma(x, x, -1.0) + " " + Math.fma(2f, 3f, 1f));
        // Mixed int/float conversions in expressions
        int i = 7; long l = 1L << 53;
        System.out.println("i/2f " + (i / 2f) + " i/2.0 " + (i / 2.0) + " l+1.0 " + (l + 1.0) + " (float)(l+1) " + (float) (l + 1));
        System.out.println("negation " + (-(0.0)) + " " + (0.0 - 0.0) + " " + (-(Float.NaN)));
        // Math.IEEEremainder differs from %
        System.out.println("IEEEremainder " + Math.IEEEremainder(5.5, 2) + " % " + (5.5 % 2)
            + " " + Math.IEEEremainder(-5.5, 2) + " " + (-5.5 % 2));
        // float/double constants and loads (fconst_0..2, dconst_0..1, ldc2_w)
        float f0 = 0f, f1 = 1f, f2 = 2f, f3 = 3f; double d0 = 0, d1 = 1, d2 = 2;
        System.out.println(f0 + f1 + f2 + f3 + " " + (d0 + d1 + d2) + " " + 2.718281828459045 + " " + 3.1415927f);
    }
}
