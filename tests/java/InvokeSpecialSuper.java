// invokespecial: super.m() calls through multi-level hierarchies (super calls bind to the
// direct superclass's resolution, not the runtime class), private methods that are not
// overridden by subclasses with the same name, constructor chaining, and this(...).
public class InvokeSpecialSuper {
    static class A {
        String who() { return "A"; }
        String call() { return "A.call->" + who(); }
        private String secret() { return "A.secret"; }
        String useSecret() { return secret(); }
        A() { System.out.println("A() sees " + who()); }
    }
    static class B extends A {
        String who() { return "B"; }
        String call() { return "B.call->" + super.call(); }
        String superWho() { return super.who(); }
        private String secret() { return "B.secret"; }
        B() { super(); System.out.println("B()"); }
    }
    static class C extends B {
        String who() { return "C"; }
        // B does not override superWho's target; super.who() in C goes to B.who
        String superWho() { return "C:" + super.superWho() + "/" + super.who(); }
        String call() { return "C.call->" + super.call(); }
        C() { this(0); System.out.println("C()"); }
        C(int x) { super(); System.out.println("C(int) " + x); }
    }
    // Skipping a level: D extends C but C has no override of toString; super.toString goes up
    static class D extends C {
        public String toString() { return "D/" + super.toString().startsWith("InvokeSpecialSuper$D@"); }
    }
    static class Counter {
        int count;
        Counter() { this(10); count++; }
        Counter(int start) { count = start; }
    }
    static abstract class Shape {
        final String kind;
        Shape(String k) { kind = k; init(); }
        abstract void init();
    }
    static class Sq extends Shape {
        int side = 5;   // assigned after super() returns: init() sees 0
        int seen;
        Sq() { super("sq"); }
        void init() { seen = side; }
    }

    public static void main(String[] args) {
        C c = new C();
        System.out.println(c.call());
        System.out.println(c.superWho());
        System.out.println("useSecret on C: " + c.useSecret());
        A asA = c;
        System.out.println("who via A: " + asA.who());
        System.out.println(new D());
        System.out.println("counter " + new Counter().count);
        Sq s = new Sq();
        System.out.println("Sq " + s.kind + " side " + s.side + " seen " + s.seen);
        // super.hashCode/equals go to Object's implementations
        Object o = new Object() {
            @Override public boolean equals(Object other) { return super.equals(other) || other == Boolean.TRUE; }
        };
        System.out.println("equals self " + o.equals(o) + " TRUE " + o.equals(Boolean.TRUE) + " other " + o.equals("x"));
    }
}
