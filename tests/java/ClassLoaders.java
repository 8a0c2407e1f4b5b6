// Class loaders: the app/platform/boot hierarchy and names, parent delegation, a custom
// loader defining the same class file a second time (a distinct runtime class with its
// own statics, not assignable to the original), loaders that delegate only some names,
// URLClassLoader over the test's class directory, resources, getPackage and
// getDefinedPackage, and Class.forName with an explicit loader.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;

public class ClassLoaders {
    public static class Payload {
        public static int counter;
        public int bump() { return ++counter; }
        public String loaderName() { ClassLoader l = getClass().getClassLoader(); return l == null ? "boot" : String.valueOf(l.getName()); }
    }

    // Defines Payload itself (child-first for that one name), delegates everything else.
    static class ChildFirst extends ClassLoader {
        final String[] mine;
        int defined;
        ChildFirst(String name, ClassLoader parent, String... mine) { super(name, parent); this.mine = mine; }
        Object lock(String name) { return getClassLoadingLock(name); }
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                for (String m : mine) {
                    if (m.equals(name)) {
                        Class<?> c = findLoadedClass(name);
                        if (c == null) {
                            byte[] b = bytes(name);
                            c = defineClass(name, b, 0, b.length);
                            defined++;
                        }
                        if (resolve) resolveClass(c);
                        return c;
                    }
                }
            }
            return super.loadClass(name, resolve);
        }
    }

    static byte[] bytes(String className) {
        try (InputStream in = ClassLoaders.class.getClassLoader().getResourceAsStream(className.replace('.', '/') + ".class")) {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            for (int n; (n = in.read(buf)) > 0; ) bos.write(buf, 0, n);
            return bos.toByteArray();
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }

    public static void main(String[] args) throws Exception {
        ClassLoader app = ClassLoaders.class.getClassLoader();
        ClassLoader platform = app.getParent();
        System.out.println("app " + app.getName() + " platform " + platform.getName() + " platform parent " + platform.getParent()
            + " system is app " + (ClassLoader.getSystemClassLoader() == app) + " platform via API " + (ClassLoader.getPlatformClassLoader() == platform));
        System.out.println("String loader " + String.class.getClassLoader() + " java.sql.Date loader " + loaderName(Class.forName("java.sql.Date"))
            + " int loader " + int.class.getClassLoader() + " array loader " + loaderName(ClassLoaders[].class) + " primitive array " + int[].class.getClassLoader());
        System.out.println("context loader is app " + (Thread.currentThread().getContextClassLoader() == app));

        ChildFirst cf = new ChildFirst("child-first", app, "ClassLoaders$Payload");
        Class<?> other = cf.loadClass("ClassLoaders$Payload");
        System.out.println("same name " + other.getName().equals(Payload.class.getName()) + " same class " + (other == Payload.class)
            + " assignable " + Payload.class.isAssignableFrom(other) + " loader " + other.getClassLoader().getName() + " defined " + cf.defined);
        Object o = other.getDeclaredConstructor().newInstance();
        System.out.println("instanceof original " + (o instanceof Payload));
        try { Payload p = (Payload) o; System.out.println("cast succeeded?! " + p); }
        catch (ClassCastException e) { System.out.println("cast to original: ClassCastException"); }
        java.lang.reflect.Method bump = other.getMethod("bump");
        bump.invoke(o); bump.invoke(o);
        new Payload().bump();
        System.out.println("separate statics: other " + other.getField("counter").get(null) + " original " + Payload.counter
            + " loaderName via instance " + other.getMethod("loaderName").invoke(o));
        System.out.println("loadClass again same " + (cf.loadClass("ClassLoaders$Payload") == other) + " defined " + cf.defined
            + " delegated String " + (cf.loadClass("java.lang.String") == String.class) + " delegated ClassLoaders " + (cf.loadClass("ClassLoaders") == ClassLoaders.class));
        System.out.println("forName with loader " + (Class.forName("ClassLoaders$Payload", true, cf) == other) + " with app " + (Class.forName("ClassLoaders$Payload", false, app) == Payload.class));
        try { cf.loadClass("does.not.Exist"); } catch (ClassNotFoundException e) { System.out.println("ClassNotFoundException " + e.getMessage()); }
        // Superclass resolution goes through the defining loader of the subclass
        ChildFirst both = new ChildFirst("both", app, "ClassLoaders$Base", "ClassLoaders$Derived");
        Class<?> derived = both.loadClass("ClassLoaders$Derived");
        System.out.println("superclass loader " + derived.getSuperclass().getClassLoader().getName() + " same as app Base " + (derived.getSuperclass() == Base.class)
            + " defined " + both.defined + " greet " + derived.getMethod("greet").invoke(derived.getDeclaredConstructor().newInstance()));
        // Only Derived redefined: its superclass is the app's Base
        ChildFirst onlyDerived = new ChildFirst("only-derived", app, "ClassLoaders$Derived");
        Class<?> d2 = onlyDerived.loadClass("ClassLoaders$Derived");
        System.out.println("mixed: superclass is app Base " + (d2.getSuperclass() == Base.class) + " instance is Base " + (d2.getDeclaredConstructor().newInstance() instanceof Base));

        // URLClassLoader with no parent delegation for app classes (parent = platform)
        URL dir = ClassLoaders.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader ucl = new URLClassLoader("url-loader", new URL[] { dir }, platform)) {
            Class<?> p3 = ucl.loadClass("ClassLoaders$Payload");
            System.out.println("URLClassLoader defines its own copy " + (p3 != Payload.class) + " loader " + p3.getClassLoader().getName()
                + " resource found " + (ucl.getResource("ClassLoaders.class") != null) + " missing resource " + ucl.getResource("nope.txt"));
            System.out.println("code source is a directory URL " + dir.getProtocol() + " " + dir.getPath().endsWith("/"));
        }
        // Resources
        System.out.println("getResource class file " + (ClassLoaders.class.getResource("ClassLoaders.class") != null)
            + " system resource of java.base " + (ClassLoader.getSystemResource("java/lang/Object.class") != null)
            + " Object.class via Class " + (Object.class.getResource("Object.class") != null)
            + " resource bytes " + (bytes("ClassLoaders").length > 100));
        // Packages
        System.out.println("unnamed package '" + ClassLoaders.class.getPackageName() + "' getPackage name '" + ClassLoaders.class.getPackage().getName()
            + "' java.lang package " + String.class.getPackage().getName() + " defined package " + app.getDefinedPackage("java.lang"));
        System.out.println("module of app class named " + ClassLoaders.class.getModule().isNamed() + " String module " + String.class.getModule().getName()
            + " same unnamed module " + (ClassLoaders.class.getModule() == app.getUnnamedModule()));
        // A loader that did not register as parallel capable locks itself for every name
        System.out.println("class loading lock of a non-parallel loader is the same for every name: " + (cf.lock("a") == cf.lock("b")));
    }
    static String loaderName(Class<?> c) { ClassLoader l = c.getClassLoader(); return l == null ? "null" : l.getName(); }

    public static class Base { public String greet() { return "base greet from " + getClass().getClassLoader().getName(); } }
    public static class Derived extends Base { }
}
