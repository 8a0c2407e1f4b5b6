// switch on strings (hashCode + equals lowering) including hash collisions ("Aa"/"BB"),
// the empty string, fall-through, and default; also switch on chars and enums.
public class StringSwitch {
    enum Op { ADD, SUB, MUL, DIV }

    static String classify(String s) {
        switch (s) {
            case "Aa": return "Aa";
            case "BB": return "BB (same hash as Aa)";
            case "": return "empty";
            case "hello": return "greeting";
            case "HELLO": return "loud greeting";
            case "AaAa": case "BBBB": case "AaBB": return "collision group";
            case "polygenelubricants": return "hash MIN_VALUE";
            default: return "other";
        }
    }
    static int fallthrough(String s) {
        int r = 0;
        switch (s) {
            case "one": r += 1;
            case "two": r += 2;
            case "three": r += 3; break;
            case "four": r += 4;
            default: r += 100;
        }
        return r;
    }
    static int apply(Op op, int a, int b) {
        switch (op) {
            case ADD: return a + b;
            case SUB: return a - b;
            case MUL: return a * b;
            default: return a / b;
        }
    }
    static String charKind(char c) {
        switch (c) {
            case 'a': case 'e': case 'i': case 'o': case 'u': return "vowel";
            case ' ': return "space";
            case '\u00e9': return "e-acute";
            case '\uffff': return "max char";
            default: return Character.isDigit(c) ? "digit" : "other";
        }
    }
    // Java 14 switch expressions and arrow labels
    static int arrow(String s) {
        return switch (s) {
            case "x", "y" -> 1;
            case "z" -> { int t = s.length(); yield t * 10; }
            default -> -1;
        };
    }

    public static void main(String[] args) {
        String[] inputs = { "Aa", "BB", "", "hello", "HELLO", "AaAa", "BBBB", "AaBB", "BBAa", "polygenelubricants", "Hello", "x" };
        for (String s : inputs) System.out.println("[" + s + "] hash " + s.hashCode() + " -> " + classify(s));
        for (String s : new String[] { "one", "two", "three", "four", "five" }) System.out.println(s + " -> " + fallthrough(s));
        for (Op op : Op.values()) System.out.println(op + " " + apply(op, 12, 4));
        for (char c : "ae 9\u00e9\uffffz".toCharArray()) System.out.println((int) c + " " + charKind(c));
        for (String s : new String[] { "x", "y", "z", "w" }) System.out.println("arrow " + s + " " + arrow(s));
        // A new String with equal content (not the literal) still matches
        System.out.println(classify(new String("hello")) + " " + classify(new StringBuilder("B").append('B').toString()));
    }
}
