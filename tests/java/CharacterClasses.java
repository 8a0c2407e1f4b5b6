// java.lang.Character: classification (letters, digits, whitespace, identifiers,
// case, types), conversion (toUpperCase/toLowerCase/toTitleCase, digit, forDigit,
// getNumericValue), Unicode blocks and scripts, over a range of code points.
public class CharacterClasses {
    public static void main(String[] args) {
        int[] cps = { 0, 9, 10, 13, 32, '0', '9', 'A', 'Z', '_', '$', 'a', 'z', 127, 0xA0, 0xAA, 0xB2, 0xB5, 0xC0, 0xDF, 0xE9, 0xFF,
            0x130, 0x131, 0x1C5, 0x345, 0x391, 0x3C3, 0x416, 0x5D0, 0x660, 0x669, 0x905, 0x2028, 0x2029, 0x2003, 0x200B, 0x2160,
            0x3000, 0x3042, 0x4E2D, 0xAC00, 0xD800, 0xDC00, 0xE000, 0xFEFF, 0xFF10, 0xFF21, 0xFFFD, 0xFFFF,
            0x10400, 0x1D400, 0x1F600, 0x20000, 0x10FFFF };
        for (int cp : cps) {
            StringBuilder sb = new StringBuilder(Integer.toHexString(cp) + ":");
            sb.append(Character.isLetter(cp) ? " L" : " -").append(Character.isDigit(cp) ? "D" : "-")
              .append(Character.isLetterOrDigit(cp) ? "A" : "-").append(Character.isAlphabetic(cp) ? "a" : "-")
              .append(Character.isWhitespace(cp) ? "W" : "-").append(Character.isSpaceChar(cp) ? "S" : "-")
              .append(Character.isUpperCase(cp) ? "U" : "-").append(Character.isLowerCase(cp) ? "l" : "-")
              .append(Character.isTitleCase(cp) ? "T" : "-").append(Character.isJavaIdentifierStart(cp) ? "J" : "-")
              .append(Character.isJavaIdentifierPart(cp) ? "j" : "-").append(Character.isUnicodeIdentifierStart(cp) ? "I" : "-")
              .append(Character.isIdentifierIgnorable(cp) ? "g" : "-").append(Character.isISOControl(cp) ? "C" : "-")
              .append(Character.isDefined(cp) ? "d" : "-").append(Character.isMirrored(cp) ? "m" : "-")
              .append(Character.isIdeographic(cp) ? "i" : "-");
            sb.append(" type ").append(Character.getType(cp)).append(" dir ").append(Character.getDirectionality(cp))
              .append(" upper ").append(Integer.toHexString(Character.toUpperCase(cp)))
              .append(" lower ").append(Integer.toHexString(Character.toLowerCase(cp)))
              .append(" title ").append(Integer.toHexString(Character.toTitleCase(cp)))
              .append(" digit ").append(Character.digit(cp, 16)).append(" numeric ").append(Character.getNumericValue(cp));
            Character.UnicodeBlock block = Character.UnicodeBlock.of(cp);
            sb.append(" block ").append(block).append(" script ").append(Character.UnicodeScript.of(cp));
            System.out.println(sb);
        }
        // Counting over the BMP exercises the class library's tables thoroughly
        int letters = 0, digits = 0, spaces = 0, upper = 0, ident = 0;
        for (int c = 0; c < 0x10000; c++) {
            if (Character.isLetter(c)) letters++;
            if (Character.isDigit(c)) digits++;
            if (Character.isWhitespace(c)) spaces++;
            if (Character.isUpperCase(c)) upper++;
            if (Character.isJavaIdentifierPart(c)) ident++;
        }
        System.out.println("BMP letters " + letters + " digits " + digits + " whitespace " + spaces + " upper " + upper + " identPart " + ident);
        System.out.println("forDigit " + Character.forDigit(11, 16) + Character.forDigit(35, 36) + Character.forDigit(5, 10) + (int) Character.forDigit(10, 10)
            + " digit " + Character.digit('z', 36) + " " + Character.digit('8', 8) + " " + Character.digit('\uFF19', 10)
            + " MIN_RADIX " + Character.MIN_RADIX + " MAX_RADIX " + Character.MAX_RADIX);
        System.out.println("valueOf cache " + (Character.valueOf('x') == Character.valueOf('x')) + " reverseBytes " + Integer.toHexString(Character.reverseBytes('\u1234'))
            + " isValidCodePoint " + Character.isValidCodePoint(0x110000) + " isBmp " + Character.isBmpCodePoint(0x10000)
            + " highSurrogate " + Integer.toHexString(Character.highSurrogate(0x1F600)) + " lowSurrogate " + Integer.toHexString(Character.lowSurrogate(0x1F600)));
        System.out.println("Block forName " + Character.UnicodeBlock.forName("Basic Latin") + " " + Character.UnicodeBlock.forName("CJK_UNIFIED_IDEOGRAPHS")
            + " script forName " + Character.UnicodeScript.forName("greek"));
        System.out.println("codePointOf " + Integer.toHexString(Character.codePointOf("LATIN SMALL LETTER A WITH ACUTE")));
    }
}
