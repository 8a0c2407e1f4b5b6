// Default methods: inheritance, overriding, most-specific selection among
// superinterfaces, X.super.m() calls, abstract redeclaration, class methods winning over
// defaults, and invokeinterface/invokevirtual agreeing on the selected method.
public class InterfaceDefaultMethods {
    interface Greeter { default String greet() { return "Greeter.greet"; } String name(); }
    interface Polite extends Greeter { default String greet() { return "Polite.greet(" + Greeter.super.greet() + ")"; } }
    interface Loud extends Greeter { default String greet() { return "Loud.greet"; } }
    interface Both extends Polite, Loud { default String greet() { return "Both[" + Polite.super.greet() + "," + Loud.super.greet() + "]"; } }
    interface Reabstract extends Greeter { String greet(); }
    interface Counter { default int count() { return 1; } default int twice() { return count() * 2; } }

    static class Plain implements Greeter { public String name() { return "Plain"; } }
    static class PolitePerson implements Polite { public String name() { return "PolitePerson"; } }
    static class BothPerson implements Both { public String name() { return "BothPerson"; } }
    static class Override implements Polite {
        public String name() { return "Override"; }
        public String greet() { return "Override.greet/" + Polite.super.greet(); }
    }
    static class Concrete implements Reabstract {
        public String name() { return "Concrete"; }
        public String greet() { return "Concrete.greet"; }
    }
    static class Base { public String greet() { return "Base.greet"; } }
    static class ClassWins extends Base implements Loud { public String name() { return "ClassWins"; } }
    // Diamond: Sub inherits Polite through two paths; the most specific default wins.
    interface Via1 extends Polite {}
    interface Via2 extends Greeter {}
    static class Diamond implements Via1, Via2 { public String name() { return "Diamond"; } }
    static class Count3 implements Counter { public int count() { return 3; } }
    static class SubCount extends Count3 { public int twice() { return super.twice() + 100; } }

    // Default method calling an abstract method implemented by the class
    interface Template { default String run() { return "<" + step() + ">"; } String step(); }
    static class TemplateImpl implements Template { public String step() { return "step"; } }
    // Generic default with bridge
    interface Box<T> { T get(); default String show() { return "Box(" + get() + ")"; } }
    static class IntBox implements Box<Integer> { public Integer get() { return 42; } }
    // Default methods of Object's signatures may not be declared; toString from class
    interface Named { String name(); default String describe() { return "Named:" + name() + ":" + toString(); } }
    static class NamedImpl implements Named { public String name() { return "n"; } public String toString() { return "NamedImpl"; } }

    public static void main(String[] args) {
        Greeter[] gs = { new Plain(), new PolitePerson(), new BothPerson(), new Override(), new Concrete(), new Diamond() };
        for (Greeter g : gs) System.out.println(g.name() + " -> " + g.greet());
        System.out.println("ClassWins via class: " + new ClassWins().greet());
        Loud l = new ClassWins();
        System.out.println("ClassWins via interface: " + l.greet());
        Counter c = new SubCount();
        System.out.println("SubCount count " + c.count() + " twice " + c.twice());
        System.out.println("Count3 twice " + new Count3().twice());
        System.out.println(new TemplateImpl().run());
        Box<Integer> b = new IntBox();
        System.out.println(b.show() + " " + (b.get() + 1));
        System.out.println(new NamedImpl().describe());
        // Repeated calls through the same call site with different receivers
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 12; i++) sb.append(gs[i % gs.length].greet().length()).append(' ');
        System.out.println(sb);
        // Reflection sees default methods
        try {
            java.lang.reflect.Method m = Polite.class.getMethod("greet");
            System.out.println("isDefault " + m.isDefault() + " declared by " + m.getDeclaringClass().getName()
                + " invoke " + m.invoke(new PolitePerson()));
            System.out.println("Reabstract.greet isDefault " + Reabstract.class.getMethod("greet").isDefault());
        } catch (ReflectiveOperationException e) {
            System.out.println(e);
        }
    }
}
