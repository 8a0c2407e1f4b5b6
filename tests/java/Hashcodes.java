// Specified hash codes: String (s[0]*31^(n-1) + ...), boxed primitives, Arrays.hashCode
// and deepHashCode, List/Set/Map contracts, Objects.hash, Enum... no identity hashes;
// only that identityHashCode is stable for one object and that hashCode of an object
// without an override equals its identityHashCode.
import java.util.*;

public class Hashcodes {
    enum E { A, B }
    static class Point {
        final int x, y;
        Point(int x, int y) { this.x = x; this.y = y; }
        @Override public int hashCode() { return Objects.hash(x, y); }
        @Override public boolean equals(Object o) { return o instanceof Point && ((Point) o).x == x && ((Point) o).y == y; }
    }
    public static void main(String[] args) {
        String[] strs = { "", "a", "ab", "hello world", "Aa", "BB", "\u00e9t\u00e9", "\uD83D\uDE00", "polygenelubricants", "The quick brown fox jumps over the lazy dog" };
        for (String s : strs) System.out.println("\"" + s + "\" " + s.hashCode() + " " + new String(s.toCharArray()).hashCode() + " " + new StringBuilder(s).toString().hashCode());
        System.out.println(Integer.hashCode(-7) + " " + Long.hashCode(-1L) + " " + Long.hashCode(1L << 32) + " " + Double.hashCode(0.0) + " " + Double.hashCode(-0.0)
            + " " + Double.hashCode(Double.NaN) + " " + Float.hashCode(1.0f) + " " + Boolean.hashCode(false) + " " + Character.hashCode('Z')
            + " " + Short.hashCode((short) -1) + " " + Byte.hashCode((byte) -1));
        System.out.println(Arrays.hashCode(new int[] { 1, 2, 3 }) + " " + Arrays.hashCode(new long[] { 1L << 40 }) + " " + Arrays.hashCode(new double[] { 1.5 })
            + " " + Arrays.hashCode(new Object[] { "a", null, 3 }) + " " + Arrays.deepHashCode(new Object[] { new int[] { 1 }, new String[] { "x" } })
            + " " + Arrays.hashCode((int[]) null) + " " + Arrays.hashCode(new boolean[] { true, false }) + " " + Arrays.hashCode(new char[] { 'a' }));
        System.out.println(Objects.hash(1, "two", 3.0, null) + " " + Objects.hash() + " " + Objects.hashCode("x") + " " + new Point(3, 4).hashCode());
        System.out.println(List.of(1, 2, 3).hashCode() + " " + new ArrayList<>(List.of("a", "b")).hashCode() + " " + Set.of(1, 2, 3).hashCode()
            + " " + new TreeSet<>(Set.of("x", "y")).hashCode() + " " + Map.of("k", 1, "j", 2).hashCode() + " " + new HashMap<>(Map.of(1, 2)).hashCode()
            + " " + new AbstractMap.SimpleEntry<>("key", "value").hashCode() + " " + Optional.of("o").hashCode() + " " + Optional.empty().hashCode());
        System.out.println(new java.math.BigInteger("123456789123456789").hashCode() + " " + new java.math.BigDecimal("3.14159").hashCode()
            + " " + java.util.UUID.fromString("123e4567-e89b-12d3-a456-426614174000").hashCode() + " " + "abc".repeat(1000).hashCode());
        // Identity hash codes: stable, and the default hashCode uses them; values never printed
        Object o = new Object();
        int h1 = System.identityHashCode(o);
        System.gc();
        int h2 = System.identityHashCode(o);
        System.out.println("identity stable " + (h1 == h2) + " default hashCode is identity " + (o.hashCode() == h1)
            + " null identity " + System.identityHashCode(null));
        // Enum hashCode is identity-based: only check consistency
        System.out.println("enum hash stable " + (E.A.hashCode() == E.A.hashCode()) + " Point equals " + new Point(1, 2).equals(new Point(1, 2)));
        // Point in a HashSet: lookups through the overridden hashCode
        Set<Point> ps = new HashSet<>();
        for (int i = 0; i < 100; i++) ps.add(new Point(i % 10, i / 10));
        System.out.println("points " + ps.size() + " contains " + ps.contains(new Point(9, 9)) + " " + ps.contains(new Point(10, 0)));
        // Identity hashes of many objects stay stable across a collection (values not printed)
        Object[] objs = new Object[1000];
        int[] hs = new int[objs.length];
        for (int i = 0; i < objs.length; i++) { objs[i] = new int[i % 7]; hs[i] = System.identityHashCode(objs[i]); }
        System.gc();
        int stable = 0;
        for (int i = 0; i < objs.length; i++) if (objs[i].hashCode() == hs[i]) stable++;
        System.out.println("identity hashes stable across GC " + stable);
    }
}
