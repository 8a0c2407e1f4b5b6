// invokevirtual and invokeinterface dispatch: many receiver classes through one call
// site (monomorphic, bimorphic, megamorphic), interfaces implemented at different levels
// of a hierarchy, the same interface method reached through several paths, final and
// private methods, Object methods called through interfaces, package-private overriding
// rules, and dispatch on arrays (clone/getClass/hashCode through Object).
public class VirtualDispatch {
    interface Shape { double area(); default String kind() { return "shape"; } }
    interface Named { String name(); }
    abstract static class Base implements Shape, Named {
        public String name() { return getClass().getSimpleName(); }
        public String toString() { return name() + "(" + area() + ")"; }
        final String fin() { return "final in Base"; }
    }
    static class Sq extends Base { final double s; Sq(double s) { this.s = s; } public double area() { return s * s; } }
    static class Rect extends Base { final double w, h; Rect(double w, double h) { this.w = w; this.h = h; } public double area() { return w * h; } public String kind() { return "rect"; } }
    static class Tri extends Base { public double area() { return 0.5; } }
    static class Circ implements Shape, Named { public double area() { return 3.0; } public String name() { return "Circ"; } }
    static class Square2 extends Sq { Square2() { super(2); } public String name() { return "Square2!"; } }
    static class A1 extends Base { public double area() { return 1; } }
    static class A2 extends Base { public double area() { return 2; } }
    static class A3 extends Base { public double area() { return 3; } }
    static class A4 extends Base { public double area() { return 4; } }
    static class A5 extends Base { public double area() { return 5; } }
    static class A6 extends Base { public double area() { return 6; } }
    static class A7 extends Base { public double area() { return 7; } }
    static class A8 extends Base { public double area() { return 8; } }

    // Package-private method "pp" in Outer and Inner subclasses (same package: overrides)
    static class P { String pp() { return "P.pp"; } String callPp() { return pp(); } private String priv() { return "P.priv"; } String callPriv() { return priv(); } }
    static class Q extends P { String pp() { return "Q.pp"; } private String priv() { return "Q.priv"; } }

    static double sumAreas(Shape[] shapes, int rounds) {
        double s = 0;
        for (int r = 0; r < rounds; r++) for (Shape sh : shapes) s += sh.area();
        return s;
    }
    static int nameLengths(Named[] ns) { int n = 0; for (Named x : ns) n += x.name().length(); return n; }

    public static void main(String[] args) {
        Shape[] mono = { new Sq(1), new Sq(2), new Sq(3) };
        Shape[] bi = { new Sq(1), new Rect(2, 3), new Sq(2), new Rect(1, 1) };
        Shape[] mega = { new Sq(1), new Rect(2, 3), new Tri(), new Circ(), new Square2(), new A1(), new A2(), new A3(), new A4(), new A5(), new A6(), new A7(), new A8() };
        System.out.println("mono " + sumAreas(mono, 1000) + " bi " + sumAreas(bi, 1000) + " mega " + sumAreas(mega, 1000));
        StringBuilder sb = new StringBuilder();
        for (Shape s : mega) sb.append(s.kind()).append(':').append(((Named) s).name()).append(' ');
        System.out.println(sb.toString().trim());
        Named[] ns = { new Sq(1), new Circ(), new Square2(), new Tri() };
        System.out.println("names " + nameLengths(ns));
        // Object methods through an interface reference (invokeinterface on Object methods compiles to invokevirtual)
        Shape s = new Rect(1, 2);
        System.out.println("toString via interface " + s.toString() + " equals " + s.equals(s) + " getClass " + s.getClass().getSimpleName());
        Base b = new Square2();
        System.out.println("final " + b.fin() + " toString " + b + " as Sq area " + ((Sq) b).area());
        P q = new Q();
        System.out.println("package-private override " + q.callPp() + ", private not overridden " + q.callPriv());
        // Dispatch on arrays through Object
        Object arr = new int[] { 3, 1, 2 };
        Object cl = ((int[]) arr).clone();
        System.out.println("array getClass " + arr.getClass().getSimpleName() + " clone distinct " + (cl != arr) + " equals self " + arr.equals(arr) + " equals clone " + arr.equals(cl));
        // A call site that sees classes loaded late
        int total = 0;
        for (int i = 0; i < 300; i++) {
            Named n = i < 100 ? new Sq(1) : i < 200 ? new Circ() : new Late();
            total += n.name().length();
        }
        System.out.println("late-loaded receiver total " + total);
        // Interface method implemented by a superclass that does not itself implement the interface
        Named viaSuper = new InheritsImpl();
        System.out.println("inherited implementation " + viaSuper.name());
    }
    static class Late implements Named { public String name() { return "LateLoaded"; } }
    static class HasName { public String name() { return "from superclass without the interface"; } }
    static class InheritsImpl extends HasName implements Named { }
}
