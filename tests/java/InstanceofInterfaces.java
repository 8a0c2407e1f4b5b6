// instanceof and checkcast against interfaces: direct, inherited through superclasses,
// through superinterfaces (multi-level), generic interfaces, and null.
public class InstanceofInterfaces {
    interface A {}
    interface B extends A {}
    interface C {}
    interface D extends B, C {}
    interface E {}
    static class P implements B {}
    static class Q extends P implements C {}
    static class R extends Q {}
    static class S implements D {}
    static class T {}
    static class U extends T implements E {}
    static final class F {}
    abstract static class Abs implements A {}
    static class Conc extends Abs {}

    static String test(Object o) {
        return (o instanceof A ? "A" : "-") + (o instanceof B ? "B" : "-") + (o instanceof C ? "C" : "-")
            + (o instanceof D ? "D" : "-") + (o instanceof E ? "E" : "-") + (o instanceof P ? "P" : "-")
            + (o instanceof Q ? "Q" : "-") + (o instanceof R ? "R" : "-") + (o instanceof T ? "T" : "-")
            + (o instanceof Abs ? "Abs" : "-") + (o instanceof Runnable ? "Run" : "-")
            + (o instanceof Comparable ? "Cmp" : "-") + (o instanceof CharSequence ? "CS" : "-")
            + (o instanceof java.io.Serializable ? "Ser" : "-");
    }

    static String casts(Object o) {
        StringBuilder sb = new StringBuilder();
        try { A a = (A) o; sb.append("A"); } catch (ClassCastException e) { sb.append("!A"); }
        try { D d = (D) o; sb.append("D"); } catch (ClassCastException e) { sb.append("!D"); }
        try { C c = (C) o; sb.append("C"); } catch (ClassCastException e) { sb.append("!C"); }
        try { E e = (E) o; sb.append("E"); } catch (ClassCastException e) { sb.append("!E"); }
        return sb.toString();
    }

    public static void main(String[] args) {
        Object[] objs = { new P(), new Q(), new R(), new S(), new T(), new U(), new F(), new Conc(),
            "string", Integer.valueOf(3), new Thread("x"), null, new Object(), new StringBuilder() };
        for (Object o : objs) {
            String name = o == null ? "null" : o.getClass().getName();
            System.out.println(name + " " + test(o) + " " + casts(o));
        }
        // Repeated tests of the same object against different interfaces (exercises any
        // caching the VM does on instanceof results)
        int hits = 0;
        for (int i = 0; i < 1000; i++) {
            Object o = objs[i % objs.length];
            if (o instanceof B) hits++;
            if (o instanceof C) hits += 2;
            if (o instanceof Comparable) hits += 4;
        }
        System.out.println("hits " + hits);
        // Interfaces of classes via reflection, in declaration order
        for (Class<?> c : new Class<?>[] { P.class, Q.class, R.class, S.class, D.class, U.class }) {
            StringBuilder sb = new StringBuilder(c.getName() + " interfaces:");
            for (Class<?> i : c.getInterfaces()) sb.append(' ').append(i.getName());
            sb.append(" isInterface=").append(c.isInterface());
            System.out.println(sb);
        }
        System.out.println("A from D " + A.class.isAssignableFrom(D.class) + ", D from A " + D.class.isAssignableFrom(A.class)
            + ", Object from A " + Object.class.isAssignableFrom(A.class) + ", A from Object " + A.class.isAssignableFrom(Object.class));
    }
}
