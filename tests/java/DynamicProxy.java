// java.lang.reflect.Proxy: a class generated and defined at run time implementing
// several interfaces, dispatch to an InvocationHandler with boxed arguments, Object
// methods routed through the handler, default methods via InvocationHandler.invokeDefault,
// checked and unchecked exceptions (UndeclaredThrowableException), and Proxy queries.
import java.lang.reflect.*;
import java.util.Arrays;

public class DynamicProxy {
    interface Calculator { int add(int a, int b); long mul(long a, long b); double half(double d); String name(); void nothing(); }
    interface Greeter { String greet(String who); default String polite(String who) { return "Dear " + greet(who); } }
    interface Thrower { void checked() throws java.io.IOException; void unchecked(); void undeclared(); }

    public static void main(String[] args) throws Throwable {
        final StringBuilder log = new StringBuilder();
        InvocationHandler h = new InvocationHandler() {
            public Object invoke(Object proxy, Method m, Object[] a) throws Throwable {
                log.append(m.getName()).append(a == null ? "()" : Arrays.toString(a)).append(';');
                switch (m.getName()) {
                    case "add": return (Integer) a[0] + (Integer) a[1];
                    case "mul": return (Long) a[0] * (Long) a[1];
                    case "half": return (Double) a[0] / 2;
                    case "name": return "proxy";
                    case "nothing": return null;
                    case "greet": return "hello " + a[0];
                    case "polite": return InvocationHandler.invokeDefault(proxy, m, a);
                    case "toString": return "ProxyToString";
                    case "hashCode": return 42;
                    case "equals": return proxy == a[0];
                    case "checked": throw new java.io.IOException("checked from handler");
                    case "unchecked": throw new IllegalStateException("unchecked from handler");
                    case "undeclared": throw new Exception("undeclared checked");
                    default: throw new AssertionError(m.getName());
                }
            }
        };
        Object p = Proxy.newProxyInstance(DynamicProxy.class.getClassLoader(), new Class<?>[] { Calculator.class, Greeter.class, Thrower.class }, h);
        Calculator c = (Calculator) p;
        System.out.println(c.add(2, 3) + " " + c.mul(1L << 20, 1L << 20) + " " + c.half(5) + " " + c.name());
        c.nothing();
        Greeter g = (Greeter) p;
        System.out.println(g.greet("world") + " | " + g.polite("reader"));
        System.out.println("toString " + p + " hashCode " + p.hashCode() + " equals self " + p.equals(p) + " equals other " + p.equals("x"));
        Thrower t = (Thrower) p;
        try { t.checked(); } catch (java.io.IOException e) { System.out.println("checked: " + e.getMessage()); }
        try { t.unchecked(); } catch (IllegalStateException e) { System.out.println("unchecked: " + e.getMessage()); }
        try { t.undeclared(); } catch (UndeclaredThrowableException e) { System.out.println("undeclared: " + e.getUndeclaredThrowable().getMessage()); }
        System.out.println("log " + log);
        System.out.println("isProxyClass " + Proxy.isProxyClass(p.getClass()) + " handler same " + (Proxy.getInvocationHandler(p) == h)
            + " interfaces " + Arrays.toString(p.getClass().getInterfaces()) + " final " + Modifier.isFinal(p.getClass().getModifiers())
            + " instanceof " + (p instanceof Calculator) + (p instanceof Runnable));
        // Proxy class is cached per interface list
        Object p2 = Proxy.newProxyInstance(DynamicProxy.class.getClassLoader(), new Class<?>[] { Calculator.class, Greeter.class, Thrower.class }, h);
        System.out.println("same proxy class " + (p.getClass() == p2.getClass()));
        // Null returned for a primitive return type -> NPE
        InvocationHandler nullH = new InvocationHandler() { public Object invoke(Object proxy, Method m, Object[] a) { return null; } };
        Calculator nc = (Calculator) Proxy.newProxyInstance(DynamicProxy.class.getClassLoader(), new Class<?>[] { Calculator.class }, nullH);
        try { nc.add(1, 2); } catch (NullPointerException e) { System.out.println("null for int return: NullPointerException"); }
        InvocationHandler wrongH = new InvocationHandler() { public Object invoke(Object proxy, Method m, Object[] a) { return "not an int"; } };
        Calculator wc = (Calculator) Proxy.newProxyInstance(DynamicProxy.class.getClassLoader(), new Class<?>[] { Calculator.class }, wrongH);
        try { wc.add(1, 2); } catch (ClassCastException e) { System.out.println("wrong return type: ClassCastException"); }
        try { Proxy.newProxyInstance(DynamicProxy.class.getClassLoader(), new Class<?>[] { String.class }, h); }
        catch (IllegalArgumentException e) { System.out.println("non-interface: IllegalArgumentException " + e.getMessage()); }
    }
}
