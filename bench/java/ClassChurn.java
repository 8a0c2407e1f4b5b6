// VMOPTIONS: -Xmx64m
// Class unloading benchmark: 100,000 classes, each defined by a fresh class loader that
// is dropped at once (as application servers, scripting languages and code generators
// do). Each class is instantiated and called. Peak RSS stays bounded only if the
// collector unloads the classes of dead loaders and frees their metadata.
import java.io.InputStream;

public class ClassChurn {
    /* The class every loader defines anew (from this program's own class file). */
    public static class Payload implements java.util.function.IntUnaryOperator {
        static int calls;
        int base = 3;
        public int applyAsInt(int x) { calls++; return x * base + calls; }
    }

    static final class OneShot extends ClassLoader {
        private final byte[] bytes;
        OneShot(byte[] bytes) { super(ClassChurn.class.getClassLoader()); this.bytes = bytes; }
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals("ClassChurn$Payload")) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : defineClass(name, bytes, 0, bytes.length);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        byte[] bytes;
        try (InputStream in = ClassChurn.class.getResourceAsStream("ClassChurn$Payload.class")) {
            bytes = in.readAllBytes();
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            Class<?> c = new OneShot(bytes).loadClass("ClassChurn$Payload");
            java.util.function.IntUnaryOperator op =
                (java.util.function.IntUnaryOperator) c.getDeclaredConstructor().newInstance();
            sum += op.applyAsInt(i);
        }
        System.out.println(n + " classes defined, checksum " + sum);
    }
}
