// Inner, anonymous, local and static nested classes: access to the enclosing instance
// (Outer.this), captured effectively-final locals and parameters, shadowing, inner
// classes of inner classes, anonymous subclasses with constructor arguments and
// instance initializers, local classes in static and instance contexts, and
// outer-instance creation syntax (outer.new Inner()).
public class InnerClasses {
    private int value = 10;
    private static int counter = 0;

    class Inner {
        int value = 20;
        String show(int value) { return value + "/" + this.value + "/" + InnerClasses.this.value; }
        class Deeper {
            int value = 30;
            String show() { return value + "/" + Inner.this.value + "/" + InnerClasses.this.value; }
        }
        void bump() { InnerClasses.this.value++; counter++; }
    }
    static class StaticNested {
        final String name;
        StaticNested(String name) { this.name = name; }
        String describe() { return "nested " + name + " counter " + counter; }
    }
    abstract static class Shape {
        final String label;
        Shape(String label) { this.label = label; }
        abstract double area();
        public String toString() { return label + ":" + area(); }
    }
    interface Counter { int next(); }

    Counter makeCounter(final int start, final int step) {
        return new Counter() {
            int current = start;
            { current -= step; }                 // instance initializer of an anonymous class
            public int next() { current += step; return current + value * 0; }
        };
    }
    static Counter staticCounter(int base) {
        class LocalCounter implements Counter {
            int n;
            public int next() { return base + n++; }
        }
        return new LocalCounter();
    }

    public static void main(String[] args) {
        InnerClasses outer = new InnerClasses();
        InnerClasses.Inner in = outer.new Inner();
        System.out.println(in.show(5));
        InnerClasses.Inner.Deeper d = in.new Deeper();
        System.out.println(d.show());
        in.bump(); in.bump();
        System.out.println("after bump " + outer.value + " " + d.show() + " counter " + counter);
        InnerClasses other = new InnerClasses();
        other.value = 99;
        System.out.println("other outer " + other.new Inner().show(0));
        System.out.println(new StaticNested("s").describe());

        final double radius = 2;
        Shape circle = new Shape("circle") { double area() { return 3 * radius * radius; } };
        Shape square = new Shape("square") {
            final double side;
            { side = radius + 1; }
            double area() { return side * side; }
        };
        System.out.println(circle + " " + square + " anon classes differ " + (circle.getClass() != square.getClass()));
        Counter c = outer.makeCounter(100, 5);
        System.out.println("anon counter " + c.next() + " " + c.next() + " " + c.next());
        Counter lc = staticCounter(7);
        System.out.println("local counter " + lc.next() + " " + lc.next());

        // Capturing loop variables via effectively-final copies
        Counter[] cs = new Counter[3];
        for (int i = 0; i < cs.length; i++) {
            final int captured = i * i;
            cs[i] = new Counter() { public int next() { return captured; } };
        }
        System.out.println("captured " + cs[0].next() + " " + cs[1].next() + " " + cs[2].next());

        // A local class capturing both a local and the enclosing instance
        System.out.println(outer.localInInstance("x"));
        // Anonymous subclasses of concrete classes, overriding and calling super
        Object o = new Object() { public String toString() { return "anon toString, super is Object: " + (getClass().getSuperclass() == Object.class); } };
        java.util.ArrayList<String> list = new java.util.ArrayList<String>() {
            { add("init-block"); }
            @Override public boolean add(String s) { return super.add(s.toUpperCase()); }
        };
        list.add("later");
        System.out.println(o + " " + list);
        // Names of the synthetic classes
        System.out.println(in.getClass().getName() + " " + d.getClass().getName() + " " + circle.getClass().getName() + " " + lc.getClass().getName()
            + " enclosing of Deeper " + d.getClass().getEnclosingClass().getSimpleName());
        // Inner class instance holds the outer instance: distinct outers give distinct results
        Inner i1 = new InnerClasses().new Inner(), i2 = other.new Inner();
        System.out.println(i1.show(1) + " " + i2.show(2));
    }

    String localInInstance(final String tag) {
        final int local = 42;
        class Local {
            String get() { return tag + local + value; }
        }
        return new Local().get();
    }
}
