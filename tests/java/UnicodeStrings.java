// Unicode handling: supplementary characters, surrogate pairs, code point iteration,
// normalization-free case mapping, UTF-8/UTF-16 encoders and decoders, malformed input
// replacement, and printing non-ASCII text (stdout is UTF-8 under the test runner).
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public class UnicodeStrings {
    public static void main(String[] args) {
        String s = "Grüße, 世界! \uD83D\uDE00 \uD801\uDC00";
        System.out.println(s);
        System.out.println("length " + s.length() + " codepoints " + s.codePointCount(0, s.length()));
        StringBuilder cps = new StringBuilder();
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            cps.append(Integer.toHexString(cp)).append(Character.isSupplementaryCodePoint(cp) ? "*" : "").append(' ');
            i += Character.charCount(cp);
        }
        System.out.println(cps.toString().trim());
        System.out.println(s.toUpperCase());
        System.out.println(s.toLowerCase());
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        byte[] utf16 = s.getBytes(StandardCharsets.UTF_16BE);
        byte[] latin1 = s.getBytes(StandardCharsets.ISO_8859_1);
        System.out.println("utf8 " + utf8.length + " utf16 " + utf16.length + " latin1 " + latin1.length + " " + new String(latin1, StandardCharsets.ISO_8859_1));
        System.out.println("roundtrip " + new String(utf8, StandardCharsets.UTF_8).equals(s) + " " + new String(utf16, StandardCharsets.UTF_16BE).equals(s));
        // Malformed UTF-8 becomes U+FFFD
        byte[] bad = { 'o', 'k', (byte) 0xC3, (byte) 0x28, (byte) 0xF0, (byte) 0x9F, 'x', (byte) 0xED, (byte) 0xA0, (byte) 0x80 };
        String decoded = new String(bad, StandardCharsets.UTF_8);
        StringBuilder hex = new StringBuilder();
        for (char c : decoded.toCharArray()) hex.append(Integer.toHexString(c)).append(' ');
        System.out.println("malformed -> " + hex.toString().trim());
        // Lone surrogates encode as '?'
        String lone = "a\uD800b";
        System.out.println("lone surrogate utf8 " + Arrays.toString(lone.getBytes(StandardCharsets.UTF_8)));
        // US-ASCII encoding replaces non-ASCII
        System.out.println("ascii " + new String("é世x".getBytes(StandardCharsets.US_ASCII), StandardCharsets.US_ASCII));
        // Character code point helpers
        char[] pair = Character.toChars(0x1F600);
        System.out.println("toChars " + pair.length + " " + Integer.toHexString(pair[0]) + " " + Integer.toHexString(pair[1])
            + " high " + Character.isHighSurrogate(pair[0]) + " low " + Character.isLowSurrogate(pair[1])
            + " toCodePoint " + Integer.toHexString(Character.toCodePoint(pair[0], pair[1])));
        System.out.println("Character.getName " + Character.getName('A') + " / " + Character.getName(0x1F600));
        // Comparing strings with supplementary characters uses UTF-16 code unit order
        String[] arr = { "\uFFFF", "\uD83D\uDE00", "z", "\u00e9" };
        Arrays.sort(arr);
        StringBuilder order = new StringBuilder();
        for (String x : arr) order.append(Integer.toHexString(x.codePointAt(0))).append(' ');
        System.out.println("sorted by UTF-16 units: " + order.toString().trim());
        // Modified UTF-8 does not matter to Java code, but DataOutputStream.writeUTF uses it
        try {
            java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
            new java.io.DataOutputStream(bos).writeUTF("\u0000\uD83D\uDE00");
            System.out.println("writeUTF " + Arrays.toString(bos.toByteArray()));
            String back = new java.io.DataInputStream(new java.io.ByteArrayInputStream(bos.toByteArray())).readUTF();
            System.out.println("readUTF ok " + back.equals("\u0000\uD83D\uDE00"));
        } catch (java.io.IOException e) {
            System.out.println(e);
        }
    }
}
