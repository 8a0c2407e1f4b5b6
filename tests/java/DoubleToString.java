// Double and Float to/from String: the shortest decimal that round-trips (JDK 17's
// algorithm, with its known non-shortest cases), parsing of decimal and hexadecimal
// strings, rounding at the boundaries, and NumberFormatException messages.
public class DoubleToString {
    public static void main(String[] args) {
        // A deterministic pseudo-random walk over bit patterns
        long seed = 0x5DEECE66DL;
        StringBuilder sb = new StringBuilder();
        long check = 0;
        for (int i = 0; i < 3000; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            double d = Double.longBitsToDouble(seed);
            if (Double.isNaN(d)) continue;
            String s = Double.toString(d);
            double back = Double.parseDouble(s);
            if (back != d) System.out.println("no round trip: " + s);
            check = check * 31 + s.hashCode();
            if (i < 40) sb.append(s).append(' ');
        }
        System.out.println(sb.toString().trim());
        System.out.println("double check " + check);
        check = 0;
        sb.setLength(0);
        for (int i = 0; i < 3000; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            float f = Float.intBitsToFloat((int) (seed >>> 32));
            if (Float.isNaN(f)) continue;
            String s = Float.toString(f);
            if (Float.parseFloat(s) != f) System.out.println("no float round trip: " + s);
            check = check * 31 + s.hashCode();
            if (i < 40) sb.append(s).append(' ');
        }
        System.out.println(sb.toString().trim());
        System.out.println("float check " + check);
        // Integers as doubles, and small decimals
        sb.setLength(0);
        for (int i = 1; i <= 20; i++) sb.append(i / 10.0).append(' ').append(i / 3.0f).append(' ');
        System.out.println(sb.toString().trim());
        // Known hard cases
        double[] hard = { 2.0E-3, 1.0E23, 8.41E21, 5.0E-324, 9.007199254740991E15, 9.007199254740992E15,
            1.7976931348623157E308, 2.2250738585072014E-308, 2.225073858507201E-308, 4.9E-324, 0.3, 1.1, 2.0E22,
            1.0E-7, 1.0E-6, 123.0E5 };
        for (double d : hard) System.out.print(d + " ");
        System.out.println();
        // Parsing
        String[] inputs = { "1", "-0", "+3.5", "1e10", "1E-10", ".5", "5.", "0x1p3", "0x1.8p-1", "-0x.1P4", "Infinity",
            "-Infinity", "NaN", "  12.5  ", "1d", "2f", "1e400", "1e-400", "4.9e-324", "2.4703282292062327e-324",
            "2.4703282292062328e-324", "0.1000000000000000055511151231257827", "9007199254740993", "1_000", "", "abc", "1e", "--1", "0x", null };
        for (String in : inputs) {
            try {
                System.out.println("parse [" + in + "] = " + Double.parseDouble(in) + " / " + Float.parseFloat(in));
            } catch (NumberFormatException e) {
                System.out.println("parse [" + in + "]: NumberFormatException: " + e.getMessage());
            } catch (NullPointerException e) {
                System.out.println("parse [" + in + "]: NullPointerException");
            }
        }
        // Hex output
        System.out.println(Double.toHexString(1.0) + " " + Double.toHexString(-0.1) + " " + Double.toHexString(Double.MIN_VALUE)
            + " " + Float.toHexString(0.1f) + " " + Double.toHexString(Double.MAX_VALUE) + " " + Double.toHexString(Double.NaN));
        // valueOf / Double.valueOf caching is not required; just values
        System.out.println(Double.valueOf("3.25").doubleValue() + " " + Float.valueOf("1e-46") + " " + Double.valueOf(7).intValue()
            + " " + Double.compare(Double.valueOf("-0.0"), 0.0) + " " + Double.sum(0.1, 0.2) + " " + Double.max(-0.0, 0.0));
    }
}
