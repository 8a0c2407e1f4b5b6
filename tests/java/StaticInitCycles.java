// Circular static initialization: A's <clinit> uses B whose <clinit> uses A; the
// recursive request by the initializing thread returns immediately and sees default
// values. Also self-reference during initialization and a cycle through a subclass.
public class StaticInitCycles {
    static class A {
        static int a1 = 10;
        static int fromB = B.b;          // triggers B's init, which reads A.a1 and A.a2
        static int a2 = 20;
        static { System.out.println("A done: a1=" + a1 + " fromB=" + fromB + " a2=" + a2); }
    }
    static class B {
        static int b = A.a1 + A.a2 + 1;  // A is being initialized by this thread: sees 10 + 0
        static { System.out.println("B done: b=" + b + " (A.a2 seen as " + A.a2 + ")"); }
    }
    static class Self {
        static final Self INSTANCE = new Self();
        static int counter = 5;
        final int seen;
        Self() { seen = counter; counter++; }   // counter still 0 here
    }
    static class Parent {
        static Child child = new Child();
        static String name = "parent";
        static { System.out.println("Parent done, child.parentNameSeen=" + child.parentNameSeen); }
    }
    static class Child extends Parent {
        String parentNameSeen = name;    // Parent initializing in this thread: null
        static { System.out.println("Child clinit"); }
    }
    enum Planet {
        MERCURY(1), VENUS(2);
        static int total;
        final int n;
        Planet(int n) { this.n = n; }
        static { for (Planet p : values()) total += p.n; }
    }

    public static void main(String[] args) {
        System.out.println("A.a1=" + A.a1 + " A.fromB=" + A.fromB + " B.b=" + B.b);
        System.out.println("Self.INSTANCE.seen=" + Self.INSTANCE.seen + " counter=" + Self.counter);
        System.out.println("Parent.name=" + Parent.name + " child seen " + Parent.child.parentNameSeen);
        System.out.println("Planet.total=" + Planet.total);
        // Initializing B first from a fresh class pair gives the mirror result
        System.out.println("D first: " + D.d + " " + C.c);
    }
    static class C { static int c = D.d + 100; }
    static class D { static int d = C.c + 1; }
}
