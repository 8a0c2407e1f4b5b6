// StringBuilder and StringBuffer: append of every type, insert, delete, deleteCharAt,
// replace, reverse (with surrogate pairs), setLength, setCharAt, capacity growth,
// indexOf, chained appends, and index errors.
public class StringBuilders {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        sb.append(1).append('a').append(2L).append(3.5f).append(4.25).append(true).append((Object) null)
          .append((String) null).append(new char[] { 'x', 'y' }).append("abcdef", 1, 3).append(new StringBuilder("!"));
        System.out.println(sb + " len " + sb.length());
        sb.insert(0, "start:").insert(sb.length(), ":end").insert(6, 9.5).insert(3, 'Q').insert(2, new char[] { '<', '>' });
        System.out.println(sb);
        sb.delete(0, 3).deleteCharAt(0).replace(0, 4, "REPLACED");
        System.out.println(sb);
        sb.setLength(8);
        System.out.println(sb + " " + sb.length());
        sb.setLength(10);
        System.out.println("padded [" + sb.toString().replace('\0', '0') + "]");
        sb.setCharAt(0, 'r');
        System.out.println(sb.charAt(0) + " " + sb.indexOf("PL") + " " + sb.lastIndexOf("E") + " " + sb.indexOf("zz"));
        StringBuilder rev = new StringBuilder("ab\uD83D\uDE00cd");
        rev.reverse();
        System.out.println("reverse keeps surrogates " + (rev.codePointAt(2) == 0x1F600) + " " + rev.length());
        // Growth: many appends
        StringBuilder big = new StringBuilder(1);
        for (int i = 0; i < 5000; i++) big.append(i % 10);
        System.out.println("big length " + big.length() + " hash " + big.toString().hashCode() + " cap>=len " + (big.capacity() >= big.length()));
        // UTF-16 inflation after Latin-1 content
        StringBuilder mixed = new StringBuilder("latin");
        mixed.append('\u0416').append("tail");
        System.out.println(mixed + " " + mixed.length() + " " + (int) mixed.charAt(5));
        mixed.deleteCharAt(5);
        System.out.println(mixed);
        // Index errors
        try { new StringBuilder("abc").charAt(3); } catch (IndexOutOfBoundsException e) { System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage()); }
        try { new StringBuilder("abc").insert(4, "x"); } catch (StringIndexOutOfBoundsException e) { System.out.println("insert: " + e.getMessage()); }
        try { new StringBuilder("abc").delete(2, 1); } catch (StringIndexOutOfBoundsException e) { System.out.println("delete: " + e.getMessage()); }
        try { new StringBuilder("abc").setLength(-1); } catch (StringIndexOutOfBoundsException e) { System.out.println("setLength: " + e.getMessage()); }
        try { new StringBuilder(-1); } catch (NegativeArraySizeException e) { System.out.println("ctor: NegativeArraySizeException " + e.getMessage()); }
        // StringBuffer is synchronized but behaves the same
        StringBuffer buf = new StringBuffer("buffer");
        buf.append(42).insert(0, '[').append(']').reverse();
        System.out.println(buf + " " + buf.length());
        // compareTo (Java 11+)
        System.out.println(new StringBuilder("abc").compareTo(new StringBuilder("abd")) + " "
            + new StringBuilder("b").compareTo(new StringBuilder("a")));
        // chars stream count without lambdas
        System.out.println(new StringBuilder("hello").chars().count());
        // appendCodePoint
        StringBuilder cp = new StringBuilder();
        cp.appendCodePoint(0x1F600).appendCodePoint('A');
        System.out.println(cp.length() + " " + cp.codePointCount(0, cp.length()));
    }
}
