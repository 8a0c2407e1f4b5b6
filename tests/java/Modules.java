// JAVACOPTIONS: --add-exports java.base/jdk.internal.misc=ALL-UNNAMED
// The VM side of the module system: Class.getModule of classes loaded before and after
// java.base was defined (primitive and array classes included), module versions and
// boot-layer modules as defined through JVM_DefineModule, the boot loader's packages
// (JVM_GetSystemPackage/JVM_GetSystemPackages: only packages with a loaded class), and the
// VM's export check when bytecode touches a package java.base does not export.
import java.util.ArrayList;
import java.util.List;

public class Modules {
    static String mask(String s) {
        return s.replaceAll("@(0x)?[0-9a-f]+", "@HASH");
    }

    static String mod(Class<?> c) {
        Module m = c.getModule();
        return c.getName() + " -> " + (m.isNamed() ? m.getName() : "unnamed")
            + (m == Modules.class.getClassLoader().getUnnamedModule() ? " (app unnamed)" : "");
    }

    @SuppressWarnings("deprecation")
    static String pkg(String name) {
        Package p = Package.getPackage(name);
        return name + ": " + (p == null ? "null" : p.getName() + " sealed=" + p.isSealed());
    }

    public static void main(String[] args) throws Exception {
        System.out.println("modules:");
        Class<?>[] classes = { Object.class, String.class, Class.class, int.class, void.class, int[].class,
            String[][].class, Thread.class, java.util.HashMap.class, java.sql.Date.class,
            java.util.logging.Logger.class, Modules.class, Modules[].class, Runnable.class };
        for (Class<?> c : classes) System.out.println("  " + mod(c));
        Module base = Object.class.getModule();
        System.out.println("  same java.base object: " + (base == String.class.getModule()
            && base == int.class.getModule() && base == ModuleLayer.boot().findModule("java.base").get()));
        System.out.println("  descriptor version: " + base.getDescriptor().version().map(Object::toString).orElse("none"));
        System.out.println("  java.base loader: " + base.getClassLoader());
        System.out.println("  java.sql loader: " + java.sql.Date.class.getModule().getClassLoader().getName());
        System.out.println("  boot layer modules: " + ModuleLayer.boot().modules().size());
        System.out.println("  exports java.lang: " + base.isExported("java.lang")
            + ", jdk.internal.misc: " + base.isExported("jdk.internal.misc")
            + ", to jdk.unsupported: " + base.isExported("jdk.internal.misc",
                ModuleLayer.boot().findModule("jdk.unsupported").get()));

        System.out.println("packages:");
        System.out.println("  " + pkg("java.lang"));
        System.out.println("  " + pkg("java.util"));
        System.out.println("  " + pkg("no.such.pkg"));
        System.out.println("  " + pkg("java.util.prefs") + " (nothing loaded from it)");
        Class.forName("java.util.prefs.Preferences", false, null);
        System.out.println("  " + pkg("java.util.prefs") + " (after loading a class)");
        System.out.println("  String's package: " + String.class.getPackage().getName()
            + " same object: " + (String.class.getPackage() == Thread.class.getPackage()));
        List<String> names = new ArrayList<>();
        for (Package p : Package.getPackages()) names.add(p.getName());
        System.out.println("  getPackages has java.lang: " + names.contains("java.lang")
            + ", java.util: " + names.contains("java.util") + ", no.such.pkg: " + names.contains("no.such.pkg"));

        System.out.println("access:");
        try {
            System.out.println("  booted: " + jdk.internal.misc.VM.isBooted());
        } catch (IllegalAccessError e) {
            System.out.println("  " + mask(e.toString()));
        }
        try {
            Class<?> c = Class.forName("jdk.internal.misc.VM");
            c.getMethod("isBooted").invoke(null);
            System.out.println("  reflective call worked");
        } catch (IllegalAccessException e) {
            System.out.println("  " + mask(e.toString()));
        }
    }
}
