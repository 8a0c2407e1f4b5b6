// Sealed classes and interfaces (JDK 17): permitted subclasses (final, sealed,
// non-sealed), exhaustive dispatch, and the reflection API (isSealed,
// getPermittedSubclasses in declaration order).
public class SealedClasses {
    sealed interface Shape permits Circle, Square, Polygon {}
    static final class Circle implements Shape { final double r; Circle(double r) { this.r = r; } }
    static final class Square implements Shape { final double side; Square(double s) { side = s; } }
    static sealed class Polygon implements Shape permits Triangle, Other { final int sides; Polygon(int n) { sides = n; } }
    static final class Triangle extends Polygon { Triangle() { super(3); } }
    static non-sealed class Other extends Polygon { Other(int n) { super(n); } }
    static class Hexagon extends Other { Hexagon() { super(6); } }

    sealed static abstract class Expr permits Num, Add, Mul {}
    static final class Num extends Expr { final int v; Num(int v) { this.v = v; } }
    static final class Add extends Expr { final Expr l, r; Add(Expr l, Expr r) { this.l = l; this.r = r; } }
    static final class Mul extends Expr { final Expr l, r; Mul(Expr l, Expr r) { this.l = l; this.r = r; } }

    static int eval(Expr e) {
        if (e instanceof Num) return ((Num) e).v;
        if (e instanceof Add) return eval(((Add) e).l) + eval(((Add) e).r);
        Mul m = (Mul) e;
        return eval(m.l) * eval(m.r);
    }
    static String describe(Shape s) {
        if (s instanceof Circle) return "circle r=" + ((Circle) s).r;
        if (s instanceof Square) return "square side=" + ((Square) s).side;
        return "polygon sides=" + ((Polygon) s).sides + " (" + s.getClass().getSimpleName() + ")";
    }

    public static void main(String[] args) {
        Shape[] shapes = { new Circle(1.5), new Square(2), new Triangle(), new Other(5), new Hexagon(), new Polygon(4) };
        for (Shape s : shapes) System.out.println(describe(s));
        Expr e = new Add(new Num(2), new Mul(new Num(3), new Add(new Num(4), new Num(5))));
        System.out.println("eval " + eval(e));
        Class<?>[] classes = { Shape.class, Circle.class, Polygon.class, Other.class, Hexagon.class, Expr.class, String.class };
        for (Class<?> c : classes) {
            StringBuilder sb = new StringBuilder(c.getSimpleName() + " sealed " + c.isSealed());
            Class<?>[] permitted = c.getPermittedSubclasses();
            if (permitted != null) {
                sb.append(" permits");
                for (Class<?> p : permitted) sb.append(' ').append(p.getSimpleName());
            } else {
                sb.append(" permits null");
            }
            System.out.println(sb);
        }
    }
}
