// Private interface methods (instance and static), invoked from default and static
// interface methods; they are not inherited and not visible to implementors.
public class PrivateInterfaceMethods {
    interface Calc {
        int base();
        default int doubled() { return twice(base()); }
        default int tripled() { return helper(3); }
        private int twice(int x) { return x * 2; }
        private int helper(int k) { return k * base() + offset(); }
        private static int offset() { return 1000; }
        static int staticUse(int x) { return offset() + x; }
    }
    static class Impl implements Calc {
        public int base() { return 7; }
        // Not an override: the interface's private method is invisible here
        public int twice(int x) { return -1; }
    }
    interface Chain {
        default String run() { return a(); }
        private String a() { return "a" + b(); }
        private String b() { return "b" + c(); }
        private static String c() { return "c"; }
    }

    public static void main(String[] args) {
        Impl i = new Impl();
        System.out.println("doubled " + i.doubled() + " tripled " + i.tripled() + " own twice " + i.twice(5));
        System.out.println("static " + Calc.staticUse(1));
        System.out.println("chain " + new Chain() {}.run());
        int privates = 0;
        for (java.lang.reflect.Method m : Calc.class.getDeclaredMethods()) {
            if (java.lang.reflect.Modifier.isPrivate(m.getModifiers())) privates++;
        }
        System.out.println("private methods declared in Calc: " + privates);
        try {
            Calc.class.getMethod("twice", int.class);
            System.out.println("twice is public?");
        } catch (NoSuchMethodException e) {
            System.out.println("getMethod twice: NoSuchMethodException " + e.getMessage());
        }
    }
}
