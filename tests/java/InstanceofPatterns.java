// Pattern matching for instanceof (JDK 16): binding variables, scoping with && and !,
// patterns on generic and array types, null never matching, and use in loops and
// equals implementations.
import java.util.List;

public class InstanceofPatterns {
    static String describe(Object o) {
        if (o instanceof Integer i && i > 10) return "big int " + (i + 1);
        if (o instanceof Integer i) return "small int " + i;
        if (o instanceof String s && !s.isEmpty()) return "string of " + s.length() + " starting " + s.charAt(0);
        if (o instanceof String) return "empty string";
        if (o instanceof int[] arr) return "int array of " + arr.length;
        if (o instanceof Object[] objs && objs.length > 0 && objs[0] instanceof String first) return "object array starting with " + first;
        if (o instanceof List<?> list) return "list of " + list.size();
        if (!(o instanceof Number n)) return "other " + (o == null ? "null" : o.getClass().getSimpleName());
        return "number " + n.doubleValue();
    }
    static final class Point {
        final int x, y;
        Point(int x, int y) { this.x = x; this.y = y; }
        @Override public boolean equals(Object o) { return o instanceof Point p && p.x == x && p.y == y; }
        @Override public int hashCode() { return 31 * x + y; }
    }

    public static void main(String[] args) {
        Object[] samples = { 5, 50, "hello", "", new int[3], new Object[] { "first", 2 }, new Object[] { 1 }, List.of(1, 2), 2.5, 7L, null, 'c', new StringBuilder() };
        for (Object o : samples) System.out.println(describe(o));
        System.out.println("equals " + new Point(1, 2).equals(new Point(1, 2)) + " " + new Point(1, 2).equals(new Point(2, 1)) + " " + new Point(1, 2).equals("x"));
        int total = 0;
        for (Object o : samples) {
            if (!(o instanceof Integer i)) continue;
            total += i;
        }
        System.out.println("sum of Integers " + total);
        Object o = "scoped";
        while (!(o instanceof Integer n)) { o = o.toString().length(); }
        System.out.println("loop ended with " + n);
        Object nul = null;
        System.out.println("null matches " + (nul instanceof String s ? s : "nothing"));
        CharSequence cs = "charseq";
        if (cs instanceof String str) System.out.println("narrowed " + str.toUpperCase());
    }
}
