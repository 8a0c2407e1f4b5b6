// Integer/Long parsing and printing in radixes 2..36: parseInt, parseLong, valueOf,
// decode, parseUnsignedInt/Long, toString(radix), toHexString/OctalString/BinaryString,
// boundaries (MIN/MAX), overflow, and NumberFormatException messages.
public class ParsingRadix {
    static void tryParseInt(String s, int radix) {
        try { System.out.println("parseInt(\"" + s + "\", " + radix + ") = " + Integer.parseInt(s, radix)); }
        catch (NumberFormatException e) { System.out.println("parseInt(\"" + s + "\", " + radix + "): " + e.getMessage()); }
    }
    static void tryParseLong(String s, int radix) {
        try { System.out.println("parseLong(\"" + s + "\", " + radix + ") = " + Long.parseLong(s, radix)); }
        catch (NumberFormatException e) { System.out.println("parseLong(\"" + s + "\", " + radix + "): " + e.getMessage()); }
    }

    public static void main(String[] args) {
        int[] ivals = { 0, 1, -1, 7, 255, -256, 1000000, Integer.MAX_VALUE, Integer.MIN_VALUE, 0x12345678 };
        for (int v : ivals) {
            StringBuilder sb = new StringBuilder(v + ":");
            for (int r : new int[] { 2, 3, 7, 8, 10, 16, 32, 36, 37, 1 }) sb.append(' ').append(Integer.toString(v, r));
            sb.append(" hex ").append(Integer.toHexString(v)).append(" oct ").append(Integer.toOctalString(v))
              .append(" bin ").append(Integer.toBinaryString(v)).append(" unsigned ").append(Integer.toUnsignedString(v, 7));
            System.out.println(sb);
        }
        long[] lvals = { 0L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, -(1L << 40) + 3, 0xDEADBEEFCAFEL };
        for (long v : lvals) {
            StringBuilder sb = new StringBuilder(v + ":");
            for (int r : new int[] { 2, 5, 10, 16, 36 }) sb.append(' ').append(Long.toString(v, r));
            sb.append(" hex ").append(Long.toHexString(v)).append(" oct ").append(Long.toOctalString(v))
              .append(" unsigned ").append(Long.toUnsignedString(v)).append(" unsigned36 ").append(Long.toUnsignedString(v, 36));
            System.out.println(sb);
        }
        String[] good = { "0", "-0", "+5", "2147483647", "-2147483648", "007", "-00123" };
        for (String s : good) tryParseInt(s, 10);
        tryParseInt("2147483648", 10);
        tryParseInt("-2147483649", 10);
        tryParseInt("", 10);
        tryParseInt("-", 10);
        tryParseInt("+", 10);
        tryParseInt("12a", 10);
        tryParseInt(" 1", 10);
        tryParseInt("1 ", 10);
        tryParseInt("zz", 36);
        tryParseInt("ZZ", 36);
        tryParseInt("1111111111111111111111111111111", 2);
        tryParseInt("-10000000000000000000000000000000", 2);
        tryParseInt("10000000000000000000000000000000", 2);
        tryParseInt("7fffffff", 16);
        tryParseInt("80000000", 16);
        tryParseInt("1", 37);
        tryParseInt("1", 1);
        tryParseInt("\u0661\u0662", 10);   // Arabic-Indic digits are accepted
        tryParseLong("9223372036854775807", 10);
        tryParseLong("-9223372036854775808", 10);
        tryParseLong("9223372036854775808", 10);
        tryParseLong("7fffffffffffffff", 16);
        tryParseLong("-8000000000000000", 16);
        tryParseLong("1y2p0ij32e8e7", 36);
        tryParseLong("1y2p0ij32e8e8", 36);
        tryParseLong("123L", 10);
        try { Integer.parseInt(null); } catch (NumberFormatException e) { System.out.println("parseInt(null): " + e.getMessage()); }
        System.out.println("parseUnsignedInt " + Integer.parseUnsignedInt("4294967295") + " " + Integer.parseUnsignedInt("ffffffff", 16)
            + " parseUnsignedLong " + Long.parseUnsignedLong("18446744073709551615") + " " + Long.toUnsignedString(Long.parseUnsignedLong("9223372036854775808")));
        try { Integer.parseUnsignedInt("4294967296"); } catch (NumberFormatException e) { System.out.println("unsigned overflow: " + e.getMessage()); }
        try { Integer.parseUnsignedInt("-1"); } catch (NumberFormatException e) { System.out.println("unsigned negative: " + e.getMessage()); }
        String[] decodes = { "0x1F", "#ff", "010", "-0X10", "0", "-010", "+0x7fffffff", "0x80000000", "08" };
        for (String s : decodes) {
            try { System.out.println("decode " + s + " = " + Integer.decode(s)); }
            catch (NumberFormatException e) { System.out.println("decode " + s + ": " + e.getMessage()); }
        }
        System.out.println("Long.decode " + Long.decode("-0x8000000000000000") + " Short.parseShort " + Short.parseShort("-32768") + " Byte.parseByte " + Byte.parseByte("7f", 16));
        try { Byte.parseByte("128"); } catch (NumberFormatException e) { System.out.println("parseByte: " + e.getMessage()); }
        try { Short.parseShort("40000"); } catch (NumberFormatException e) { System.out.println("parseShort: " + e.getMessage()); }
        System.out.println("valueOf " + Integer.valueOf("42") + " " + Integer.valueOf("-z", 36) + " " + Long.valueOf("123456789012") + " parseInt(CharSequence) "
            + Integer.parseInt("xx123yy", 2, 5, 10) + " Boolean.parseBoolean " + Boolean.parseBoolean("TrUe") + Boolean.parseBoolean("yes"));
        // getInteger reads system properties
        System.out.println("Integer.getInteger " + Integer.getInteger("no.such.property", 17) + " " + Long.getLong("no.such.property"));
    }
}
