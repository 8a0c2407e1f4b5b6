// java.util.Formatter: String.format and printf with integer, floating-point, string,
// char, boolean, hex, octal, scientific, general, grouping, padding, flags and argument
// indexes; the shortest-repr Double.toString/Float.toString edge cases.
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;

public class Formatting {
    public static void main(String[] args) {
        double[] ds = { 0.0, -0.0, 1.0, -1.5, 0.1, 1.0 / 3, 2.0 / 3, 100.0, 1e7, 1.0E-5, 123456.789, 1e-3, 0.001,
            9999999.0, 10000000.0, 1e21, 1e-300, Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL,
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 2.5, 3.5, -2.5, 0.125, 1e100, 5e-324,
            4.35, 0.045, 1.005, 2e-7, 9.999999999999999e22 };
        for (double d : ds) {
            System.out.println(Double.toString(d) + " | " + String.format("%f|%.2f|%10.3f|%-10.1f|%e|%.3E|%g|%.0f|%a", d, d, d, d, d, d, d, d, d));
        }
        float[] fs = { 0.1f, 1.0f / 3, 1e10f, 1e-10f, 3.4028235e38f, 1.4e-45f, 16777216f, 0.3f, 100f, 1.0E7f, 1.0E-3f, 9999999f };
        for (float f : fs) System.out.println(Float.toString(f) + " | " + String.format("%f|%.10f|%e|%g", f, f, f, f) + " | as double " + (double) f);

        System.out.println(String.format("%d|%5d|%-5d|%05d|%+d|%+d|% d|%,d|%(d|%x|%X|%o|%08X|%#x|%#o",
            42, 42, 42, 42, 42, -42, 42, 1234567890, -42, 255, 255, 8, 0xBEEF, 255, 8));
        System.out.println(String.format("%d %x %o", Long.MIN_VALUE, -1L, -1L));
        System.out.println(String.format("%x %X", (byte) -1, (short) -1));
        System.out.println(String.format("%s|%10s|%-10s|%.3s|%S|%c|%C|%b|%B|%h|%n", "str", "right", "left", "truncate", "upper", 'c', 'd', true, null, "hi").trim());
        System.out.println(String.format("%2$s %1$s %2$s %<s", "a", "b"));
        System.out.println(String.format("%,.2f|%,d|%.3e|%10.2e|%-12.4g|", 1234567.891, -9876543210L, 0.000123456, 6.02e23, 0.00001234));
        System.out.println(String.format("%s %s %s", new BigDecimal("1.10"), new BigInteger("123456789012345678901234567890"), 1.0f));
        System.out.println(String.format("%.3f %.1f %.2f %.10f", new BigDecimal("2.0005"), new BigDecimal("-0.05"), 0.125, Math.PI));
        System.out.println(String.format("%d%%", 50) + String.format("[%5.1f%%]", 99.44));
        System.out.println(String.format(Locale.ROOT, "%tY-%<tm-%<td", new java.util.GregorianCalendar(2020, 1, 29)));
        System.out.printf("printf %s %d %.4f%n", "works", 7, Math.E);
        System.out.printf(Locale.GERMANY, "german %,.2f %e%n", 1234567.891, 12345.678);
        System.out.printf(Locale.FRANCE, "french %,.2f%n", 1234567.891);
        // Errors
        try { String.format("%d", "not a number"); } catch (java.util.IllegalFormatException e) { System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage()); }
        try { String.format("%q", 1); } catch (java.util.IllegalFormatException e) { System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage()); }
        try { String.format("%s %s", "one"); } catch (java.util.IllegalFormatException e) { System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage()); }
        // Integer/Long toString of extremes
        System.out.println(Integer.toString(Integer.MIN_VALUE) + " " + Long.toString(Long.MIN_VALUE) + " " + Short.toString(Short.MIN_VALUE)
            + " " + Byte.toString(Byte.MIN_VALUE) + " " + Character.toString(97));
        // String.valueOf on doubles close to powers of ten
        StringBuilder sb = new StringBuilder();
        for (int e = -10; e <= 25; e++) sb.append(Math.pow(10, e)).append(' ');
        System.out.println(sb.toString().trim());
        sb.setLength(0);
        for (int e = -10; e <= 12; e++) sb.append((float) Math.pow(10, e)).append(' ');
        System.out.println(sb.toString().trim());
        // Formatter with StringBuilder target
        java.util.Formatter fmt = new java.util.Formatter(new StringBuilder(), Locale.ROOT);
        fmt.format("%s=%d;", "a", 1).format("%s=%d;", "b", 2);
        System.out.println(fmt.toString());
        fmt.close();
        // java.text.DecimalFormat and MessageFormat
        System.out.println(new java.text.DecimalFormat("#,##0.00").format(1234567.891) + " "
            + new java.text.DecimalFormat("0.###E0").format(12345) + " "
            + java.text.MessageFormat.format("{0} has {1,number,integer} items", "cart", 3));
    }
}
