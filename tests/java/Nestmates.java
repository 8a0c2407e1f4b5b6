// Nest-based access control (JDK 11+): inner classes access each other's private members
// directly (no synthetic accessors), and the reflection API reports the nest.
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;

public class Nestmates {
    private int secret = 42;
    private static String sstatic = "static-secret";
    private int bump() { return ++secret; }
    private static String hello(String s) { return "hello " + s; }

    class Inner {
        private int innerSecret = 7;
        int peek() { return secret + bump(); }
        private String innerPrivate() { return "inner-private"; }
    }
    static class Nested {
        private long nestedValue = 99L;
        String look(Nestmates n) { n.secret = 100; return sstatic + " " + hello("nested") + " " + n.secret; }
        class Deeper {
            private String deep() { return "deep " + nestedValue; }
        }
    }
    interface Iface { private int p() { return 5; } default int q() { return p(); } }

    public static void main(String[] args) throws Exception {
        Nestmates outer = new Nestmates();
        Inner in = outer.new Inner();
        System.out.println("peek " + in.peek() + " innerSecret " + in.innerSecret + " " + in.innerPrivate());
        Nested n = new Nested();
        System.out.println(n.look(outer));
        Nested.Deeper d = n.new Deeper();
        System.out.println(d.deep() + " " + n.nestedValue);
        System.out.println("iface " + new Iface() {}.q());

        Class<?>[] classes = { Nestmates.class, Inner.class, Nested.class, Nested.Deeper.class, Iface.class, String.class };
        for (Class<?> c : classes) {
            System.out.println(c.getName() + " host " + c.getNestHost().getName());
        }
        Class<?>[] members = Nestmates.class.getNestMembers();
        String[] names = new String[members.length];
        for (int i = 0; i < members.length; i++) names[i] = members[i].getName();
        Arrays.sort(names);
        System.out.println("members " + Arrays.toString(names));
        System.out.println("Inner nestmate of Deeper " + Inner.class.isNestmateOf(Nested.Deeper.class)
            + ", of String " + Inner.class.isNestmateOf(String.class));
        // Reflection can call a nestmate's private method without setAccessible?
        Method m = Nestmates.class.getDeclaredMethod("hello", String.class);
        System.out.println("reflect " + m.invoke(null, "reflection"));
        // No synthetic access$ methods are generated for nestmates
        Method[] ms = Nestmates.class.getDeclaredMethods();
        Arrays.sort(ms, new Comparator<Method>() { public int compare(Method a, Method b) { return a.getName().compareTo(b.getName()); } });
        StringBuilder sb = new StringBuilder("declared:");
        for (Method x : ms) sb.append(' ').append(x.getName()).append(x.isSynthetic() ? "(synthetic)" : "");
        System.out.println(sb);
    }
}
