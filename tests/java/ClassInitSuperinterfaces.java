// Class initialization, JVMS 5.5 step 7: initializing a class first initializes its
// superclass, then every superinterface, direct or indirect, that declares a
// non-abstract, non-static method (default or private), depth first in the order of the
// interfaces arrays (an interface's own superinterfaces before it). Interfaces that
// declare only abstract or static methods are not initialized, nor are the
// superinterfaces of an interface that is initialized on its own. A superinterface
// whose initializer fails makes the class's initialization fail with the same error.
public class ClassInitSuperinterfaces {
    static StringBuilder log = new StringBuilder();
    static int mark(String s) { log.append(s).append(' '); return 1; }
    static String take() { String s = log.toString().trim(); log.setLength(0); return s; }

    // Case 1: a deep hierarchy, first touched through the class.
    interface A1 { int X = mark("A1"); default void a() {} }
    interface B1 extends A1 { int X = mark("B1"); }                  // abstract only
    interface C1 extends B1 { int X = mark("C1"); default void c() {} }
    interface D1 { int X = mark("D1"); private void p() {} default void q() { p(); } }
    interface P1 { int X = mark("P1"); private void p() {} }        // private only
    interface E1 extends P1, D1, A1 { int X = mark("E1"); void e(); }
    interface F1 { int X = mark("F1"); static void s() {} }        // static only
    interface G1 extends F1 { int X = mark("G1"); default void g() {} }
    static class K1 implements C1, E1, G1 { static { mark("K1"); } public void e() {} }

    // Case 2: superclass (with its own superinterfaces) before the class's interfaces.
    interface A2 { int X = mark("A2"); default void a() {} }
    interface B2 extends A2 { int X = mark("B2"); default void b() {} }
    interface C2 { int X = mark("C2"); default void c() {} }
    static class Base2 implements B2 { static { mark("Base2"); } }
    static class Sub2 extends Base2 implements C2, A2 { static { mark("Sub2"); } }

    // Case 3: initializing an interface does not initialize its superinterfaces.
    interface A3 { int X = mark("A3"); default void a() {} }
    interface B3 extends A3 { int Y = mark("B3"); default void b() {} }
    static class K3 implements B3 { static { mark("K3"); } }

    // Case 4: a failing indirect superinterface.
    interface Bad4 { int X = Integer.parseInt("bad"); default void d() {} }
    interface Mid4 extends Bad4 { int X = mark("Mid4"); }
    static class K4 implements Mid4 { static { mark("K4"); } }

    // Case 5: the same interface reached twice is initialized once, at its first place.
    interface A5 { int X = mark("A5"); default void a() {} }
    interface B5 extends A5 { int X = mark("B5"); default void b() {} }
    interface C5 extends A5 { int X = mark("C5"); default void c() {} }
    static class K5 implements C5, B5 { static { mark("K5"); } }

    public static void main(String[] args) {
        new K1();
        System.out.println("deep: [" + take() + "]");
        new Sub2();
        System.out.println("superclass first: [" + take() + "]");
        int y = B3.Y;
        System.out.println("interface alone: [" + take() + "] " + y);
        new K3();
        System.out.println("then its implementor: [" + take() + "]");
        for (int i = 0; i < 2; i++) {
            try {
                new K4();
                System.out.println("K4 created");
            } catch (Throwable t) {
                System.out.println("failing superinterface: " + t + " cause " + t.getCause() + " [" + take() + "]");
            }
        }
        new K5();
        System.out.println("diamond: [" + take() + "]");
    }
}
