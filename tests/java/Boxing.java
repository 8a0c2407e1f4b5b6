// Autoboxing and unboxing: the valueOf caches (-128..127 for Integer, Short, Byte, Long,
// Character 0..127, Boolean), == versus equals across the cache boundary, equality
// across types, boxing in collections and conditional expressions, and NPE on unboxing.
import java.util.ArrayList;
import java.util.List;

public class Boxing {
    static Object box(int i) { return i; }

    public static void main(String[] args) {
        int[] probes = { -129, -128, -1, 0, 1, 100, 127, 128, 1000 };
        for (int p : probes) {
            Integer a = p, b = p;
            Long la = (long) p, lb = (long) p;
            Short sa = (short) p, sb = (short) p;
            System.out.println(p + ": Integer== " + (a == b) + " equals " + a.equals(b) + " Long== " + (la == lb)
                + " Short== " + (sa == sb) + " valueOf== " + (Integer.valueOf(p) == Integer.valueOf(p))
                + " new!= " + (new Integer(p) != new Integer(p)));
        }
        Byte b1 = (byte) -100, b2 = (byte) -100;
        Character c1 = 'a', c2 = 'a', c3 = '\u0100', c4 = '\u0100';
        Boolean t1 = true, t2 = Boolean.valueOf("TRUE");
        System.out.println("Byte== " + (b1 == b2) + " Character cached " + (c1 == c2) + " uncached " + (c3 == c4)
            + " Boolean " + (t1 == t2) + " " + (t1 == Boolean.TRUE));
        Double d1 = 1.0, d2 = 1.0;
        System.out.println("Double== " + (d1 == d2) + " equals " + d1.equals(d2));
        // equals across types is false; numeric comparison after unboxing is true
        Integer i5 = 5; Long l5 = 5L;
        System.out.println("Integer.equals(Long) " + i5.equals(l5) + " unboxed== " + (i5.intValue() == l5) + " " + l5.equals(5) + " " + l5.equals(5L));
        System.out.println("NaN boxed equals " + Double.valueOf(Double.NaN).equals(Double.NaN) + " -0.0 vs 0.0 " + Double.valueOf(-0.0).equals(0.0)
            + " primitive " + (-0.0 == 0.0));
        // Conditional expression unboxing: mixes Integer and int -> unboxes (NPE if null)
        Integer nul = null;
        boolean flag = false;
        try {
            Integer r = flag ? 1 : nul;
            System.out.println("conditional " + r);
        } catch (NullPointerException e) {
            System.out.println("conditional unboxing NPE");
        }
        Object o = true ? Integer.valueOf(1) : Double.valueOf(2.0);   // binary numeric promotion
        System.out.println("promoted conditional type " + o.getClass().getSimpleName() + " " + o);
        // Increment on boxed values creates new objects
        Integer counter = 127;
        Integer before = counter;
        counter++;
        System.out.println("counter " + counter + " same object " + (before == counter) + " cached " + (counter == Integer.valueOf(128)));
        // Collections and remove(int) vs remove(Object)
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 5; i++) list.add(i * 10);
        list.remove(1);                    // index
        list.remove(Integer.valueOf(30));  // object
        System.out.println("list " + list);
        // Compound operations and widening
        Long total = 0L;
        for (Integer x : list) total += x;
        Character ch = 'x';
        int code = ch + 1;
        System.out.println("total " + total + " code " + code + " hash " + ch.hashCode() + " " + Long.valueOf(1L << 40).hashCode()
            + " " + Double.valueOf(1.5).hashCode() + " " + Boolean.TRUE.hashCode() + " " + Float.valueOf(-0f).hashCode());
        // compareTo and compare
        System.out.println(Integer.valueOf(3).compareTo(7) + " " + Character.compare('b', 'a') + " " + Boolean.compare(true, false)
            + " " + Byte.compare((byte) -1, (byte) 1) + " " + Short.compareUnsigned((short) -1, (short) 1));
        // Number conversions through the abstract Number type
        Number[] nums = { (byte) -1, (short) 300, 70000, 1L << 40, 1.9f, -2.7, new java.math.BigDecimal("12.99") };
        for (Number n : nums) System.out.println(n.getClass().getSimpleName() + " " + n.byteValue() + " " + n.shortValue() + " "
            + n.intValue() + " " + n.longValue() + " " + n.floatValue() + " " + n.doubleValue());
        System.out.println("box(int) class " + box(3).getClass().getName() + " cached " + (box(3) == box(3)) + " uncached " + (box(300) == box(300)));
    }
}
