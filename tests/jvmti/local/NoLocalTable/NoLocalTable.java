// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetLocal<Type>/SetLocal<Type> in methods without a LocalVariableTable (compiled without
// -g): the slot types come from the bytecode at the frame's bci (HotSpot's oop map): a
// reference slot answers only GetLocalObject, a value slot only the primitive getters (of
// any primitive type), a slot assigned on no path is INVALID_SLOT (TYPE_MISMATCH for
// GetLocalObject, which fails the reference test first), and a slot that holds a
// reference on one path and nothing on another counts as a value.
public class NoLocalTable {
    static native void probe(int which);

    // a 0, o 1, late 2 (only inside the if), l 2-3 afterwards, later 4 (not yet assigned)
    static void m(int a, Object o) {
        if (a > 100) {
            String late = "x" + a;
            System.out.println(late);
        }
        long l = 5;
        probe(1);
        int later = 3;
        System.out.println(l + later + " " + a + " " + o);
    }

    // a 0, x 1 (a reference on one path, unset on the other)
    static void conflict(int a) {
        if (a > 0) {
            Object x = "s";
            System.out.println(x);
        }
        probe(2);
    }

    // a 0, r 1, e 2 (in the handler)
    static void handler(int a) {
        Object r = null;
        try {
            r = "t";
            if (a > 0) throw new RuntimeException("x");
        } catch (RuntimeException e) {
            probe(3);
        }
        System.out.println("handler r " + r);
    }

    // a 0, o 1, f 2, d 3-4
    static void setter(int a, Object o) {
        float f = 1.5f;
        double d = 2;
        probe(4);
        System.out.println("setter after: " + a + " " + o + " " + f + " " + d);
    }

    // this 0, s 1
    void instance(String s) {
        probe(5);
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        m(1, "o");
        conflict(1);
        handler(1);
        setter(1, "o");
        new NoLocalTable().instance("arg");
    }
}
