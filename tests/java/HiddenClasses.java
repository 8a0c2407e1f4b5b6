// Lookup.defineClass and Lookup.defineHiddenClass (JVM_LookupDefineClass): a normal class
// defined into the lookup class's loader (visible to forName, duplicate definition
// refused), hidden classes (isHidden, the "/0x..." name suffix, invisible to forName,
// classData, nestmate access to the host's private members, several definitions of the
// same bytes), initialization on request, and that frames of hidden classes are left out
// of stack traces.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodHandles.Lookup;
import java.util.function.Supplier;

public class HiddenClasses {
    private static String secret() { return "host secret"; }

    public static class Template implements Supplier<String> {
        static { System.out.println("  Template <clinit> in " + shortName(Template.class)); }
        public String get() { return "hello from " + shortName(getClass()); }
    }

    public static class Nestmate implements Supplier<String> {
        public String get() { return "nestmate reads " + HiddenClasses.secret(); }
    }

    public static class WithData implements Supplier<String> {
        public String get() {
            try {
                return "classData=" + MethodHandles.classData(MethodHandles.lookup(), "_", Object.class);
            } catch (IllegalAccessException e) {
                return "classData failed: " + e;
            }
        }
    }

    public static class Thrower implements Supplier<String> {
        public String get() { throw new IllegalStateException("thrown in a hidden class"); }
    }

    public static class Plain {
        public String toString() { return "plain instance"; }
    }

    static String shortName(Class<?> c) {
        return c.getName().replaceAll("/0x[0-9a-f]+$", "/0xHASH");
    }

    static byte[] bytesOf(String name) throws Exception {
        try (InputStream in = HiddenClasses.class.getResourceAsStream("/" + name + ".class")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            int n;
            while ((n = in.read(buf)) > 0) out.write(buf, 0, n);
            return out.toByteArray();
        }
    }

    @SuppressWarnings("unchecked")
    static Supplier<String> instance(Class<?> c) throws Exception {
        return (Supplier<String>) c.getDeclaredConstructor().newInstance();
    }

    public static void main(String[] args) throws Throwable {
        Lookup lookup = MethodHandles.lookup();

        System.out.println("Lookup.defineClass:");
        Class<?> plain = lookup.defineClass(bytesOf("HiddenClasses$Plain"));
        System.out.println("  " + plain.getName() + " hidden=" + plain.isHidden()
            + " same loader=" + (plain.getClassLoader() == HiddenClasses.class.getClassLoader())
            + " forName finds it=" + (Class.forName("HiddenClasses$Plain") == plain)
            + " " + plain.getDeclaredConstructor().newInstance());
        try {
            lookup.defineClass(bytesOf("HiddenClasses$Plain"));
        } catch (LinkageError e) {
            System.out.println("  again: " + e.getClass().getName());
        }

        System.out.println("defineHiddenClass:");
        byte[] template = bytesOf("HiddenClasses$Template");
        Class<?> h1 = lookup.defineHiddenClass(template, false).lookupClass();
        System.out.println("  defined (not initialized): " + shortName(h1) + " hidden=" + h1.isHidden());
        System.out.println("  " + instance(h1).get());
        Class<?> h2 = lookup.defineHiddenClass(template, true).lookupClass();
        System.out.println("  second definition distinct: " + (h1 != h2) + " same name prefix: "
            + shortName(h1).equals(shortName(h2)));
        System.out.println("  loader: " + (h1.getClassLoader() == HiddenClasses.class.getClassLoader())
            + " module: " + (h1.getModule() == HiddenClasses.class.getModule())
            + " package: " + h1.getPackageName().isEmpty());
        System.out.println("  canonical name: " + h1.getCanonicalName());
        try {
            Class.forName(h1.getName());
            System.out.println("  forName found it");
        } catch (ClassNotFoundException e) {
            System.out.println("  forName: ClassNotFoundException");
        }
        System.out.println("  not the visible class: " + (h1 != Template.class));

        Class<?> nm = lookup.defineHiddenClass(bytesOf("HiddenClasses$Nestmate"), true,
            Lookup.ClassOption.NESTMATE).lookupClass();
        System.out.println("  " + instance(nm).get() + ", nest host: " + nm.getNestHost().getName()
            + ", nestmate of host: " + nm.isNestmateOf(HiddenClasses.class));
        Class<?> alone = lookup.defineHiddenClass(bytesOf("HiddenClasses$Template"), true).lookupClass();
        System.out.println("  without NESTMATE its own nest host: " + (alone.getNestHost() == alone));

        Class<?> wd = lookup.defineHiddenClassWithClassData(bytesOf("HiddenClasses$WithData"), "the data", true)
            .lookupClass();
        System.out.println("  " + instance(wd).get());

        Class<?> th = lookup.defineHiddenClass(bytesOf("HiddenClasses$Thrower"), true).lookupClass();
        try {
            instance(th).get();
        } catch (IllegalStateException e) {
            System.out.println("  exception from hidden class, frames:");
            for (StackTraceElement s : e.getStackTrace()) System.out.println("    " + s);
        }

        try {
            lookup.defineHiddenClass(new byte[] { 1, 2, 3 }, true);
        } catch (ClassFormatError e) {
            System.out.println("  bad bytes: " + e.getClass().getName());
        }
    }
}
