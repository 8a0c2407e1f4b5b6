// Class.forName and the class-loader natives behind it: initialize or not, the boot loader
// (null) versus the application and custom loaders, array and primitive names, the
// ClassNotFoundException messages (internal names for the boot loader), exceptions thrown
// by a loader's loadClass, loadClass returning null or the wrong class, findLoadedClass
// (defined and initiated classes), defineClass (wrong name, duplicate definition,
// prohibited package), and initialization errors seen through forName.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;

public class ClassForName {
    static class Init {
        static { System.out.println("  <clinit> of Init"); }
        static int x = 1;
    }

    static class Init2 {
        static { System.out.println("  <clinit> of Init2"); }
    }

    static class Bad {
        static int v = 1 / Integer.parseInt("0");
    }

    public static class Payload {
        public String toString() { return "payload from " + getClass().getClassLoader(); }
    }

    static void tryName(String name, boolean init, ClassLoader l) {
        try {
            Class<?> c = Class.forName(name, init, l);
            System.out.println(name + " -> " + c.getName() + " loader=" + (c.getClassLoader() == null ? "boot" : "app-or-custom"));
        } catch (Throwable e) {
            System.out.println(name + " -> " + e + " cause=" + e.getCause());
        }
    }

    static byte[] bytesOf(String name) throws Exception {
        try (InputStream in = ClassForName.class.getResourceAsStream("/" + name.replace('.', '/') + ".class")) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[4096];
            int n;
            while ((n = in.read(buf)) > 0) out.write(buf, 0, n);
            return out.toByteArray();
        }
    }

    /** Defines Payload itself (child first) and delegates the rest. */
    static class OwnLoader extends ClassLoader {
        OwnLoader() { super("own", ClassForName.class.getClassLoader()); }
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                if (name.equals("ClassForName$Payload")) {
                    try {
                        byte[] b = bytesOf(name);
                        return defineClass(name, b, 0, b.length);
                    } catch (ClassNotFoundException e) {
                        throw e;
                    } catch (Exception e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return super.loadClass(name, resolve);
            }
        }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
        Class<?> loaded(String name) { return findLoadedClass(name); }
    }

    static class OddLoader extends ClassLoader {
        OddLoader() { super("odd", ClassForName.class.getClassLoader()); }
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            switch (name) {
                case "ReturnsNull": return null;
                case "ReturnsString": return String.class;
                case "ThrowsCnfe": throw new ClassNotFoundException("custom message for " + name);
                case "ThrowsIse": throw new IllegalStateException("loader broke on " + name);
                case "ThrowsError": throw new NoClassDefFoundError("made up " + name);
                case "ThrowsNcdfe": throw new NoClassDefFoundError(name);
                default: return super.loadClass(name, resolve);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ClassLoader app = ClassForName.class.getClassLoader();

        System.out.println("initialization:");
        Class<?> c = Class.forName("ClassForName$Init", false, app);
        System.out.println("  loaded without init: " + c.getName());
        Class.forName("ClassForName$Init", true, app);
        System.out.println("  x=" + Init.x);
        Class.forName("ClassForName$Init2");
        System.out.println("  loadClass does not initialize: " + app.loadClass("java.util.concurrent.Exchanger").getName());

        System.out.println("names:");
        String[] names = { "java.lang.String", "java.util.Map$Entry", "no.such.Cls", "ClassForName$Init",
            "[I", "[[Ljava.lang.String;", "[LClassForName$Init;", "[Lno.such.Cls;", "[X", "[", "[[",
            "[Ljava.lang.String", "[V", "int", "void", "I", "Ljava.lang.String;", "java/lang/String",
            "java.lang.String[]", "" };
        for (String n : names) {
            tryName(n, false, null);
            tryName(n, false, app);
        }

        System.out.println("primitives:");
        System.out.println("  " + int.class + " " + void.class + " " + (Integer.TYPE == int.class)
            + " " + double[].class.getName() + " " + int.class.isPrimitive());

        System.out.println("odd loader:");
        OddLoader odd = new OddLoader();
        for (String n : new String[] { "ReturnsNull", "ReturnsString", "ThrowsCnfe", "ThrowsIse", "ThrowsError", "ThrowsNcdfe",
                "java.lang.Integer", "[LReturnsNull;", "[LThrowsCnfe;", "[[LReturnsString;" }) {
            tryName(n, false, odd);
        }

        System.out.println("own loader:");
        OwnLoader own = new OwnLoader();
        System.out.println("  loaded before: " + own.loaded("ClassForName$Payload"));
        Class<?> p = Class.forName("ClassForName$Payload", true, own);
        System.out.println("  distinct class: " + (p != Payload.class) + " loader name: " + p.getClassLoader().getName());
        System.out.println("  findLoadedClass: " + (own.loaded("ClassForName$Payload") == p));
        System.out.println("  String not yet initiated: " + own.loaded("java.lang.String"));
        Class.forName("java.lang.String", false, own);
        System.out.println("  String initiated: " + own.loaded("java.lang.String"));
        System.out.println("  array of own: " + Class.forName("[LClassForName$Payload;", false, own).getComponentType().getClassLoader().getName());
        System.out.println("  findLoadedClass of array: " + (own.loaded("[LClassForName$Payload;") != null));
        System.out.println("  never loaded: " + own.loaded("ClassForName$Never"));
        try {
            own.define("ClassForName$Payload", bytesOf("ClassForName$Payload"));
        } catch (LinkageError e) {
            System.out.println("  duplicate: " + e.getClass().getName());
        }
        try {
            new OwnLoader().define("ClassForName$Wrong", bytesOf("ClassForName$Payload"));
        } catch (NoClassDefFoundError e) {
            System.out.println("  wrong name: " + e);
        }
        try {
            new OwnLoader().define("java.lang.Evil", bytesOf("ClassForName$Payload"));
        } catch (SecurityException e) {
            System.out.println("  prohibited: " + e);
        }
        try {
            new OwnLoader().define(null, new byte[] { (byte) 0xca, (byte) 0xfe, 0, 0 });
        } catch (ClassFormatError e) {
            System.out.println("  format: " + e.getClass().getName());
        }

        System.out.println("initializer errors:");
        for (int i = 0; i < 2; i++) {
            try {
                Class.forName("ClassForName$Bad");
            } catch (Throwable e) {
                System.out.println("  " + e + " cause=" + e.getCause());
            }
        }
        try {
            Class.forName("ClassForName$Bad", false, app);
            System.out.println("  no init: loads fine");
        } catch (Throwable e) {
            System.out.println("  no init: " + e);
        }
    }
}
