// f2i, f2l, d2i, d2l: NaN converts to 0, out-of-range values saturate to MIN/MAX,
// rounding is toward zero; also narrowing to byte/short/char goes through int.
public class FloatToIntSaturation {
    static int f2i(float f) { return (int) f; }
    static long f2l(float f) { return (long) f; }
    static int d2i(double d) { return (int) d; }
    static long d2l(double d) { return (long) d; }
    static byte d2b(double d) { return (byte) d; }
    static short d2s(double d) { return (short) d; }
    static char d2c(double d) { return (char) d; }

    public static void main(String[] args) {
        double[] ds = { 0.0, -0.0, 0.5, -0.5, 0.9999999, -0.9999999, 1.5, -1.5, 2.5, -2.5,
            127.9, 128.0, -129.0, 32767.5, 65535.9, 65536.0, 2147483647.0, 2147483647.5,
            2147483648.0, -2147483648.0, -2147483648.9, -2147483649.0, 1e10, -1e10,
            9.223372036854775807E18, 9.3e18, -9.3e18, 1e300, -1e300, Double.MAX_VALUE,
            -Double.MAX_VALUE, Double.MIN_VALUE, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NaN, Math.nextDown(9.223372036854775807E18),
            4503599627370497.0, -4503599627370497.0 };
        for (double d : ds) {
            System.out.println("d " + d + " -> i " + d2i(d) + " l " + d2l(d) + " b " + d2b(d)
                + " s " + d2s(d) + " c " + (int) d2c(d));
        }
        float[] fs = { 0f, -0f, 0.5f, -1.5f, 16777217f, 2147483647f, 2147483648f, -2147483648f,
            -2147483904f, 3e9f, -3e9f, 9.223372e18f, 9.3e18f, -9.3e18f, Float.MAX_VALUE,
            -Float.MAX_VALUE, Float.MIN_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            Float.NaN, Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffffffff) };
        for (float f : fs) {
            System.out.println("f " + f + " -> i " + f2i(f) + " l " + f2l(f) + " b " + (byte) f
                + " c " + (int) (char) f);
        }
        // Math.round and rint use different rounding from casts
        double[] rs = { 0.49999999999999994, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 1e19, -1e19, Double.NaN };
        for (double d : rs) {
            System.out.println("round " + d + " = " + Math.round(d) + " " + Math.round((float) d)
                + " rint " + Math.rint(d) + " floor " + Math.floor(d) + " ceil " + Math.ceil(d));
        }
    }
}
