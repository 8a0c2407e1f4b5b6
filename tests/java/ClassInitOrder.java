// Class initialization (JLS 12.4, JVMS 5.5): what triggers <clinit> and what does not,
// superclass before subclass, superinterfaces with default methods, static final
// constants, arrays, Class.forName with and without initialization, and the order of
// static initializers and field initializers.
public class ClassInitOrder {
    static StringBuilder log = new StringBuilder();
    static void log(String s) { log.append(s).append(' '); }
    static String take() { String s = log.toString().trim(); log.setLength(0); return s; }

    static class Super { static { log("Super"); } static int superField = 1; static void touch() {} }
    static class Sub extends Super { static { log("Sub"); } static int subField = 2; }
    static class Constants {
        static { log("Constants"); }
        static final int COMPILE_TIME = 42;             // inlined: does not initialize
        static final String NAME = "const";              // inlined too
        static final Integer BOXED = 7;                  // not a constant: initializes
        static final int COMPUTED = Integer.parseInt("5"); // not a constant
    }
    interface IfaceNoDefault { int X = ClassInitOrder.mark("IfaceNoDefault.X"); void m(); }
    interface IfaceDefault { int Y = ClassInitOrder.mark("IfaceDefault.Y"); default void d() {} }
    static class Implementor implements IfaceNoDefault, IfaceDefault {
        static { log("Implementor"); }
        public void m() {}
    }
    static int mark(String s) { log(s); return 1; }
    static class ArrayOnly { static { log("ArrayOnly"); } }
    static class ForName { static { log("ForName"); } }
    static class ForNameNoInit { static { log("ForNameNoInit"); } }
    static class Order {
        static int a = ClassInitOrder.mark("Order.a");
        static { log("Order.block1"); }
        static int b = ClassInitOrder.mark("Order.b");
        static { log("Order.block2"); }
        int inst = ClassInitOrder.mark("Order.inst");
        { log("Order.instblock"); }
        Order() { log("Order()"); }
    }
    static class ByNew { static { log("ByNew"); } }
    static class ByStaticCall { static { log("ByStaticCall"); } static void f() { log("f"); } }
    static class ByPutStatic { static { log("ByPutStatic"); } static int v; }
    static class Reflected { static { log("Reflected"); } static int v = 3; }
    static class Once { static int count; static { count++; log("Once"); } }
    static class Nested { static class Inner { static { log("Nested.Inner"); } static int v = 1; } static { log("Nested"); } }
    enum Color { RED, GREEN; static { log("Color"); } }

    public static void main(String[] args) throws Exception {
        System.out.println("start: [" + take() + "]");
        int v = Sub.superField;           // only Super is initialized (field declared there)
        System.out.println("Sub.superField: [" + take() + "] " + v);
        v = Sub.subField;
        System.out.println("Sub.subField: [" + take() + "] " + v);
        v = Constants.COMPILE_TIME;
        String s = Constants.NAME;
        System.out.println("constants: [" + take() + "] " + v + " " + s);
        v = Constants.BOXED;
        System.out.println("boxed: [" + take() + "] " + v + " " + Constants.COMPUTED);
        new Implementor();
        System.out.println("implementor: [" + take() + "]");
        v = IfaceNoDefault.X;
        System.out.println("iface field: [" + take() + "] " + v);
        ArrayOnly[] arr = new ArrayOnly[3];
        ArrayOnly[][] arr2 = new ArrayOnly[2][2];
        System.out.println("arrays: [" + take() + "] " + arr.length + arr2.length + " " + ArrayOnly[].class.getName());
        Class<?> c = ArrayOnly.class;
        System.out.println("class literal: [" + take() + "] " + c.getSimpleName());
        Class.forName("ClassInitOrder$ForNameNoInit", false, ClassInitOrder.class.getClassLoader());
        System.out.println("forName no init: [" + take() + "]");
        Class.forName("ClassInitOrder$ForName");
        System.out.println("forName: [" + take() + "]");
        new Order(); new Order();
        System.out.println("order: [" + take() + "]");
        new ByNew();
        ByStaticCall.f();
        ByPutStatic.v = 5;
        System.out.println("triggers: [" + take() + "]");
        System.out.println("reflect field: " + Reflected.class.getDeclaredField("v").getInt(null) + " [" + take() + "]");
        for (int i = 0; i < 3; i++) v = Once.count;
        System.out.println("once: [" + take() + "] " + v);
        v = Nested.Inner.v;
        System.out.println("nested: [" + take() + "]");
        Color col = Color.GREEN;
        System.out.println("enum: [" + take() + "] " + col + " " + Color.values().length);
        Super.touch();
        System.out.println("already initialized: [" + take() + "]");
        // Initialization of a subclass through a static method of the superclass invoked via Sub
        System.out.println("done");
    }
}
