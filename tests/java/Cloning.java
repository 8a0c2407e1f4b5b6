// Object.clone: shallow copies of Cloneable objects (fields of every type copied,
// references shared), covariant clone overrides, deep clone by hand, clone of arrays of
// each kind, CloneNotSupportedException (with HotSpot's message: the class name) for
// classes that do not implement Cloneable, and clone of a subclass keeping its class.
import java.util.Arrays;

public class Cloning {
    static class Point implements Cloneable {
        int x; long y; double z; boolean flag; char c; String label; int[] data;
        Point(int x) { this.x = x; y = x * 10L; z = x / 2.0; flag = x % 2 == 0; c = (char) ('a' + x); label = "p" + x; data = new int[] { x, x }; }
        @Override public Point clone() {
            try { return (Point) super.clone(); } catch (CloneNotSupportedException e) { throw new AssertionError(e); }
        }
        Point deepClone() { Point p = clone(); p.data = data.clone(); return p; }
        public String toString() { return x + "," + y + "," + z + "," + flag + "," + c + "," + label + "," + Arrays.toString(data); }
    }
    static class Point3 extends Point { int w = 99; Point3(int x) { super(x); } }
    static class NotCloneable { int v = 1; Object tryClone() throws CloneNotSupportedException { return super.clone(); } }
    static class SubOfCloneable extends Point { SubOfCloneable() { super(7); } }
    static class Counter implements Cloneable {
        static int constructed;
        Counter() { constructed++; }
        protected Object clone() throws CloneNotSupportedException { return super.clone(); }
    }

    public static void main(String[] args) throws Exception {
        Point p = new Point(3);
        Point c = p.clone();
        System.out.println("clone " + c + " same " + (p == c) + " class " + c.getClass().getSimpleName() + " shared array " + (p.data == c.data)
            + " shared string " + (p.label == c.label));
        c.x = 100; c.data[0] = -1;
        System.out.println("after edit original " + p + " clone " + c);
        Point d = p.deepClone();
        d.data[1] = 55;
        System.out.println("deep clone " + d + " original " + p);
        Point3 p3 = new Point3(4);
        Point p3c = p3.clone();
        System.out.println("subclass clone keeps class " + p3c.getClass().getSimpleName() + " w " + ((Point3) p3c).w);
        System.out.println("subclass of cloneable " + new SubOfCloneable().clone().getClass().getSimpleName());
        try { new NotCloneable().tryClone(); }
        catch (CloneNotSupportedException e) { System.out.println("CloneNotSupportedException: " + e.getMessage()); }
        try { Object t = cloneViaReflection(new StringBuilder("x")); System.out.println(t); }
        catch (CloneNotSupportedException e) { System.out.println("StringBuilder: CloneNotSupportedException: " + e.getMessage()); }
        Counter.constructed = 0;
        Counter k = new Counter();
        Counter kc = (Counter) k.clone();
        System.out.println("clone does not run constructors: constructed " + Counter.constructed + " distinct " + (k != kc));
        // Arrays of every kind
        int[][] grid = { { 1, 2 }, { 3 } };
        int[][] gc = grid.clone();
        System.out.println("2d shallow " + (grid[0] == gc[0]) + " " + (grid != gc) + " " + Arrays.deepToString(gc));
        Object[] objs = { "a", 1, null };
        Object[] oc = objs.clone();
        System.out.println("Object[] " + Arrays.toString(oc) + " " + oc.getClass().getSimpleName());
        String[] strs = { "x", "y" };
        System.out.println("String[] clone class " + strs.clone().getClass().getSimpleName());
        double[] ds = { Double.NaN, -0.0 };
        System.out.println("double[] " + Arrays.toString(ds.clone()) + " bits kept " + (Double.doubleToRawLongBits(ds.clone()[1]) == Double.doubleToRawLongBits(-0.0)));
        int[] empty = {};
        System.out.println("empty clone distinct " + (empty.clone() != empty) + " length " + empty.clone().length);
        // Large array clone
        long[] big = new long[100000];
        for (int i = 0; i < big.length; i++) big[i] = i * 3L;
        long[] bc = big.clone();
        long s = 0;
        for (long v : bc) s += v;
        System.out.println("big clone sum " + s);
        // Collections' clone
        java.util.ArrayList<Integer> al = new java.util.ArrayList<>(Arrays.asList(1, 2, 3));
        @SuppressWarnings("unchecked") java.util.ArrayList<Integer> alc = (java.util.ArrayList<Integer>) al.clone();
        alc.add(4);
        System.out.println("ArrayList clone " + al + " " + alc + " HashMap clone " + ((java.util.HashMap<?, ?>) new java.util.HashMap<>(java.util.Map.of("k", "v")).clone()));
    }
    static Object cloneViaReflection(Object o) throws Exception {
        java.lang.reflect.Method m = Object.class.getDeclaredMethod("clone");
        try {
            m.setAccessible(true);
        } catch (RuntimeException e) {
            throw new CloneNotSupportedException("inaccessible: " + e.getClass().getSimpleName());
        }
        try { return m.invoke(o); }
        catch (java.lang.reflect.InvocationTargetException e) { throw (CloneNotSupportedException) e.getCause(); }
    }
}
