// VMOPTIONS: -da:AssertionDirectivesHelper -ea:AssertionDirectives$On -da:AssertionDirectives$Off -ea:... -da:java.util... -ea:java.util.concurrent... -da:AssertionDirectives$Later -ea:AssertionDirectives$Later -esa
// -ea/-da/-esa directives as the class library sees them: Class.desiredAssertionStatus
// (JVM_DesiredAssertionStatus: the last class directive wins, then the most specific
// package, then the defaults) and the directives ClassLoader retrieves from the VM
// (JVM_AssertionStatusDirectives), including what happens when assertions run (javac makes
// nested classes use their top-level class's status).
public class AssertionDirectives {
    static class On { static boolean check() { try { assert false : "on"; return false; } catch (AssertionError e) { return true; } } }
    static class Off { static boolean check() { try { assert false : "off"; return false; } catch (AssertionError e) { return true; } } }
    static class Later { static boolean check() { try { assert false : "later"; return false; } catch (AssertionError e) { return true; } } }

    public static void main(String[] args) throws Exception {
        Class<?>[] cs = { AssertionDirectives.class, On.class, Off.class, Later.class, String.class,
            java.util.ArrayList.class, java.util.concurrent.ConcurrentHashMap.class,
            java.util.concurrent.atomic.AtomicInteger.class, java.util.function.Function.class,
            java.io.File.class };
        for (Class<?> c : cs) System.out.println(c.getName() + " " + c.desiredAssertionStatus());
        System.out.println("On asserts " + On.check());
        System.out.println("Off asserts " + Off.check());
        System.out.println("Later asserts " + Later.check());
        System.out.println("Helper " + AssertionDirectivesHelper.class.desiredAssertionStatus()
            + " asserts " + AssertionDirectivesHelper.check());

        // A fresh loader's defaults come from the VM's directives; changing them on the
        // loader affects classes it loads later.
        ClassLoader app = AssertionDirectives.class.getClassLoader();
        app.setClassAssertionStatus("AssertionDirectives$Fresh", false);
        System.out.println("Fresh asserts " + Fresh.check());
    }

    static class Fresh { static boolean check() { try { assert false; return false; } catch (AssertionError e) { return true; } } }
}

class AssertionDirectivesHelper {
    static boolean check() { try { assert false : "helper"; return false; } catch (AssertionError e) { return true; } }
}
