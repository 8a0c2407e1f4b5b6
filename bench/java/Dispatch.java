// Interpreter benchmark: virtual and interface dispatch through monomorphic, bimorphic
// and megamorphic call sites.
public class Dispatch {
    interface Op { int apply(int x); }
    abstract static class Base implements Op { abstract int v(int x); public int apply(int x) { return v(x) + 1; } }
    static final class A extends Base { int v(int x) { return x + 1; } }
    static final class B extends Base { int v(int x) { return x ^ 5; } }
    static final class C extends Base { int v(int x) { return x * 3; } }
    static final class D extends Base { int v(int x) { return x - 7; } }
    static final class E implements Op { public int apply(int x) { return x >>> 1; } }
    static final class F implements Op { public int apply(int x) { return x | 3; } }
    static final class G implements Op { public int apply(int x) { return ~x; } }
    static final class H implements Op { public int apply(int x) { return x + x; } }

    public static void main(String[] args) {
        Op[] mono = { new A(), new A(), new A(), new A() };
        Op[] bi = { new A(), new B(), new A(), new B() };
        Op[] mega = { new A(), new B(), new C(), new D(), new E(), new F(), new G(), new H() };
        Base[] bases = { new A(), new B(), new C(), new D() };
        int acc = 0;
        for (int i = 0; i < 2_000_000; i++) acc = mono[i & 3].apply(acc) & 0xfffff;
        for (int i = 0; i < 2_000_000; i++) acc = bi[i & 3].apply(acc) & 0xfffff;
        for (int i = 0; i < 2_000_000; i++) acc = mega[i & 7].apply(acc) & 0xfffff;
        for (int i = 0; i < 2_000_000; i++) acc = bases[i & 3].v(acc) & 0xfffff;
        System.out.println(acc);
    }
}
