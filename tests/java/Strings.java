// java.lang.String: concatenation of every type, comparison, searching, case mapping,
// split/join/repeat/strip, intern identity, equality of literals across classes,
// compact strings (Latin-1 vs UTF-16), and conversions.
import java.util.Arrays;

public class Strings {
    static final String CONST = "con" + "st";
    static String other() { return "const"; }

    public static void main(String[] args) {
        // Concatenation of all primitive types, null, char arrays via valueOf
        String n = null;
        char[] chars = { 'h', 'i' };
        System.out.println("z" + true + 'c' + (byte) 1 + (short) 2 + 3 + 4L + 5.5f + 6.25 + n + String.valueOf(chars) + new StringBuilder("sb"));
        System.out.println(1 + 2 + "x" + 1 + 2);
        System.out.println("" + Integer.MIN_VALUE + Long.MIN_VALUE + Float.MIN_VALUE + Double.MAX_VALUE + (char) 65);
        // Literals are interned: the same object across expressions and classes
        String lit = "const";
        System.out.println("literal identity " + (lit == CONST) + " " + (lit == other()) + " " + (lit == Helper.VALUE));
        String built = new StringBuilder("con").append("st").toString();
        System.out.println("built identity " + (built == lit) + " equals " + built.equals(lit) + " interned " + (built.intern() == lit));
        String fresh = new String("fresh-" + System.identityHashCode(lit) % 1);
        System.out.println("intern new " + (fresh.intern() == fresh.intern()) + " " + fresh.intern().equals("fresh-0"));
        // Comparison
        String[] words = { "banana", "Apple", "cherry", "apple", "", "Banana", "b", "äpfel", "Zebra" };
        String[] sorted = words.clone();
        Arrays.sort(sorted);
        System.out.println("sorted " + Arrays.toString(sorted));
        Arrays.sort(sorted, String.CASE_INSENSITIVE_ORDER);
        System.out.println("case-insensitive " + Arrays.toString(sorted));
        System.out.println("compareTo " + "a".compareTo("b") + " " + "b".compareTo("a") + " " + "abc".compareTo("ab")
            + " " + "A".compareToIgnoreCase("a") + " " + "\u00e4".compareTo("z") + " " + "".compareTo("x"));
        // Searching
        String s = "the quick brown fox jumps over the lazy dog";
        System.out.println(s.indexOf('o') + " " + s.lastIndexOf('o') + " " + s.indexOf("the", 1) + " " + s.indexOf("cat")
            + " " + s.contains("fox") + " " + s.startsWith("quick", 4) + " " + s.endsWith("dog") + " " + s.indexOf('z', 100)
            + " " + s.lastIndexOf("the") + " " + s.indexOf(""));
        System.out.println(s.substring(4, 9) + "|" + s.substring(40) + "|" + s.charAt(10) + "|" + s.replace('o', '0')
            + "|" + s.replace("the", "THE") + "|" + s.replaceAll("[aeiou]", "") + "|" + s.replaceFirst("\\s+", "_"));
        // Case
        System.out.println("MiXeD".toUpperCase() + " " + "MiXeD".toLowerCase() + " " + "straße".toUpperCase()
            + " " + "İ".toLowerCase().length() + " " + "ǅ".toUpperCase() + "ǅ".toLowerCase());
        // Split / join / repeat / strip
        System.out.println(Arrays.toString("a,b,,c,,".split(",")) + " " + Arrays.toString("a,b,,c,,".split(",", -1))
            + " " + Arrays.toString("a1b22c333".split("\\d+")) + " " + Arrays.toString(" x  y ".trim().split("\\s+"))
            + " " + Arrays.toString("abc".split("")));
        System.out.println(String.join("-", "a", "b", "c") + " " + String.join("/", Arrays.asList("x", "y")) + " "
            + "ab".repeat(3) + "|" + "".repeat(5) + "|" + "  pad  ".strip() + "|" + "  pad  ".stripLeading() + "|"
            + "  pad  ".stripTrailing() + "|" + "\u2003em\u2003".strip() + "|" + "\u2003em\u2003".trim() + "|" + "   ".isBlank() + " " + "".isEmpty());
        System.out.println(Arrays.toString("l1\nl2\r\nl3\rl4".lines().toArray()) + " " + "abc".chars().sum() + " " + "hello".indent(2).replace("\n", "$"));
        // Conversions
        System.out.println(String.valueOf(3.0f) + String.valueOf(true) + String.valueOf((Object) null) + String.valueOf('c')
            + String.valueOf(12L) + " " + Arrays.toString("hé€😀".getBytes(java.nio.charset.StandardCharsets.UTF_8))
            + " " + Arrays.toString("hé".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))
            + " " + new String(new byte[] { 104, -61, -87 }, java.nio.charset.StandardCharsets.UTF_8).length()
            + " " + Arrays.toString("AZ".toCharArray()) + " " + new String(new char[] { 'x', 'y', 'z' }, 1, 2)
            + " " + String.copyValueOf(new char[] { 'q' }));
        // Equality & hashing
        System.out.println("equalsIgnoreCase " + "HeLLo".equalsIgnoreCase("hello") + " contentEquals "
            + "abc".contentEquals(new StringBuilder("abc")) + " regionMatches " + "Hello World".regionMatches(true, 6, "WORLD", 0, 5)
            + " matches " + "abc123".matches("[a-z]+\\d+"));
        // Latin-1 and UTF-16 strings mixing (compact strings)
        String latin = "caf";
        String utf16 = latin + '\u00e9' + '\u4e2d';
        System.out.println(utf16.length() + " " + (int) utf16.charAt(3) + " " + (int) utf16.charAt(4) + " " + utf16.indexOf('\u4e2d')
            + " " + utf16.substring(0, 3).equals(latin) + " " + utf16.toUpperCase().codePointAt(4));
        // chars, codepoints
        String emoji = "a\uD83D\uDE00b";
        System.out.println(emoji.length() + " " + emoji.codePointCount(0, emoji.length()) + " " + emoji.codePointAt(1)
            + " " + emoji.offsetByCodePoints(0, 2) + " " + new StringBuilder(emoji).reverse().codePointAt(1));
        // String.format basics (more in Formatting)
        System.out.println(String.format("%s|%5s|%-5s|%d|%05d|%x|%c|%b|%%|%n", "a", "b", "c", 42, 42, 255, 'z', null).trim());
        // CharSequence and compareTo via Comparable
        CharSequence cs = "charseq";
        System.out.println(cs.length() + " " + cs.subSequence(0, 4) + " " + CharSequence.compare("a", new StringBuilder("b")));
    }
    static class Helper { static final String VALUE = "const"; }
}
