// Floating comparisons: fcmpl/fcmpg/dcmpl/dcmpg with NaN, signed zeros, infinities;
// Float.compare/equals versus ==; NaN bit patterns.
public class NaNCompare {
    static String rel(double a, double b) {
        return "" + (a < b ? '<' : '.') + (a <= b ? 'l' : '.') + (a == b ? '=' : '.')
            + (a != b ? '!' : '.') + (a > b ? '>' : '.') + (a >= b ? 'g' : '.');
    }
    static String relf(float a, float b) {
        return "" + (a < b ? '<' : '.') + (a <= b ? 'l' : '.') + (a == b ? '=' : '.')
            + (a != b ? '!' : '.') + (a > b ? '>' : '.') + (a >= b ? 'g' : '.');
    }
    // Negated conditions compile to the opposite fcmp variant.
    static String negrel(double a, double b) {
        return "" + (!(a < b) ? 'A' : '.') + (!(a <= b) ? 'B' : '.') + (!(a > b) ? 'C' : '.')
            + (!(a >= b) ? 'D' : '.') + (!(a == b) ? 'E' : '.');
    }

    public static void main(String[] args) {
        double[] ds = { Double.NaN, Double.NEGATIVE_INFINITY, -1.0, -0.0, 0.0, Double.MIN_VALUE, 1.0, Double.POSITIVE_INFINITY };
        for (double a : ds) {
            StringBuilder sb = new StringBuilder(a + ":");
            for (double b : ds) sb.append(' ').append(rel(a, b)).append(negrel(a, b))
                .append(Double.compare(a, b)).append(Double.valueOf(a).equals(b) ? 'E' : 'e');
            System.out.println(sb);
        }
        float[] fs = { Float.NaN, Float.NEGATIVE_INFINITY, -1f, -0f, 0f, Float.MIN_VALUE, 1f, Float.POSITIVE_INFINITY };
        for (float a : fs) {
            StringBuilder sb = new StringBuilder(a + ":");
            for (float b : fs) sb.append(' ').append(relf(a, b)).append(Float.compare(a, b));
            System.out.println(sb);
        }
        double nan = Double.NaN;
        System.out.println("nan != nan " + (nan != nan) + " isNaN " + Double.isNaN(nan) + " 0.0 == -0.0 " + (0.0 == -0.0));
        System.out.println("0/0 " + (0.0 / 0.0) + " inf-inf " + (Double.POSITIVE_INFINITY - Double.POSITIVE_INFINITY)
            + " inf*0 " + (Double.POSITIVE_INFINITY * 0) + " sqrt(-1) " + Math.sqrt(-1));
        System.out.println("min(0,-0) " + Math.min(0.0, -0.0) + " max(-0,0) " + Math.max(-0.0, 0.0)
            + " min(nan,1) " + Math.min(Double.NaN, 1.0) + " max(1,nan) " + Math.max(1f, Float.NaN));
        System.out.println("canonical NaN bits " + Long.toHexString(Double.doubleToLongBits(Double.longBitsToDouble(0x7ff0000000000001L)))
            + " " + Integer.toHexString(Float.floatToIntBits(Float.intBitsToFloat(0x7f800001))));
        System.out.println("-0.0 bits " + Long.toHexString(Double.doubleToRawLongBits(-0.0))
            + " 1/-0 " + (1 / -0.0) + " 1/0 " + (1 / 0.0) + " -0.0+0.0 " + (-0.0 + 0.0) + " -0.0*1 " + (-0.0 * 1));
        // Sorting with NaN and -0.0 uses Double.compare's total order
        double[] arr = { 3, Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, -3, Double.NaN, 0.0, -0.0 };
        java.util.Arrays.sort(arr);
        System.out.println(java.util.Arrays.toString(arr));
        // Loop on a NaN-containing condition terminates immediately
        int n = 0;
        for (double d = Double.NaN; d < 10; d++) n++;
        System.out.println("nan loop " + n);
        // long to float/double comparisons
        long big = Long.MAX_VALUE;
        System.out.println("(float) MAX == 2^63 " + ((float) big == 9.223372036854775807E18f) + " " + ((double) big == Math.pow(2, 63)));
    }
}
