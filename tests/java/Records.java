// JAVACOPTIONS: -XDstringConcat=indyWithConstants
// Records: canonical and compact constructors with validation, accessors, the
// toString/equals/hashCode generated through invokedynamic (ObjectMethods bootstrap),
// static members, nested and generic records, records implementing interfaces, and
// the reflection API (isRecord, getRecordComponents).
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

public class Records {
    record Point(int x, int y) {
        static final Point ORIGIN = new Point(0, 0);
        Point { if (x < -1000) throw new IllegalArgumentException("x too small: " + x); }
        Point scale(int k) { return new Point(x * k, y * k); }
        static Point of(int v) { return new Point(v, v); }
    }
    record Range(long lo, long hi) {
        Range {
            if (lo > hi) throw new IllegalArgumentException(String.format("(%d,%d)", lo, hi));
        }
        long length() { return hi - lo; }
    }
    record Named<T>(String name, T value) implements Comparable<Named<T>> {
        public int compareTo(Named<T> o) { return name.compareTo(o.name); }
    }
    record Everything(byte b, short s, char c, int i, long l, float f, double d, boolean z, String str, int[] arr, Object o) {}
    record Empty() {}
    record Custom(String a) {
        @Override public String a() { return a.toUpperCase(); }
        @Override public String toString() { return "Custom[" + a + "]"; }
    }

    public static void main(String[] args) {
        Point p = new Point(3, 4);
        System.out.println(p + " x=" + p.x() + " y=" + p.y() + " scaled " + p.scale(2) + " of " + Point.of(7) + " origin " + Point.ORIGIN);
        System.out.println("equals " + p.equals(new Point(3, 4)) + " " + p.equals(new Point(4, 3)) + " " + p.equals(null) + " hash equal " + (p.hashCode() == new Point(3, 4).hashCode()));
        try { new Point(-2000, 0); } catch (IllegalArgumentException e) { System.out.println("compact ctor: " + e.getMessage()); }
        try { new Range(5, 1); } catch (IllegalArgumentException e) { System.out.println("range: " + e.getMessage()); }
        System.out.println(new Range(-5, 10) + " length " + new Range(-5, 10).length());
        Named<Integer> n1 = new Named<>("b", 2), n2 = new Named<>("a", 1);
        System.out.println(n1 + " " + n1.compareTo(n2) + " " + new Named<>("list", Arrays.asList(1, 2)));
        Everything e = new Everything((byte) 1, (short) 2, 'c', 4, 5L, 6.5f, 7.25, true, "s", new int[] { 1 }, null);
        String es = e.toString();
        System.out.println(es.substring(0, es.indexOf("arr=")) + "arr=<array> o=" + e.o());
        Everything e2 = new Everything((byte) 1, (short) 2, 'c', 4, 5L, 6.5f, 7.25, true, "s", e.arr(), null);
        System.out.println("equals with same array " + e.equals(e2) + " with different array " + e.equals(new Everything((byte) 1, (short) 2, 'c', 4, 5L, 6.5f, 7.25, true, "s", new int[] { 1 }, null)));
        System.out.println("floating equality " + new Everything((byte) 0, (short) 0, 'a', 0, 0, Float.NaN, -0.0, false, null, null, null)
            .equals(new Everything((byte) 0, (short) 0, 'a', 0, 0, Float.NaN, -0.0, false, null, null, null))
            + " " + new Everything((byte) 0, (short) 0, 'a', 0, 0, 0f, 0.0, false, null, null, null).equals(new Everything((byte) 0, (short) 0, 'a', 0, 0, 0f, -0.0, false, null, null, null)));
        System.out.println("hashCode of record with primitives " + new Point(1, 2).hashCode() + " " + new Range(1, 2).hashCode() + " " + new Empty().hashCode() + " " + new Named<>("k", "v").hashCode());
        System.out.println(new Empty() + " " + new Empty().equals(new Empty()) + " " + new Custom("low") + " " + new Custom("low").a());
        System.out.println("isRecord " + Point.class.isRecord() + " " + String.class.isRecord() + " superclass " + Point.class.getSuperclass().getName()
            + " final " + java.lang.reflect.Modifier.isFinal(Point.class.getModifiers()));
        StringBuilder sb = new StringBuilder();
        for (RecordComponent rc : Everything.class.getRecordComponents()) sb.append(rc.getName()).append(':').append(rc.getType().getSimpleName()).append(' ');
        System.out.println("components " + sb.toString().trim());
        try {
            RecordComponent rc = Point.class.getRecordComponents()[1];
            System.out.println("accessor " + rc.getAccessor().getName() + " -> " + rc.getAccessor().invoke(p) + " generic " + Named.class.getRecordComponents()[1].getGenericType());
        } catch (ReflectiveOperationException ex) {
            System.out.println(ex);
        }
        // Records as map keys
        java.util.Map<Point, String> m = new java.util.HashMap<>();
        for (int i = 0; i < 100; i++) m.put(new Point(i % 10, i / 10), "p" + i);
        System.out.println("map " + m.size() + " " + m.get(new Point(3, 4)));
    }
}
