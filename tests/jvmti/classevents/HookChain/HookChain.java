// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassFileLoadHook on the class-definition paths, with two environments chaining:
// env1 turns the string constant "original" into "replaced", env2 sees env1's bytes and
// turns "replaced" into "chained!". Paths: the application loader (Greeting), a custom
// loader's defineClass with a null name (Other), Lookup.defineClass (Third), a hidden
// class and a lambda (HotSpot sends no hook for hidden classes), and a boot class.
import java.lang.invoke.MethodHandles;

public class HookChain {
    static native void report();

    static final class Loader extends ClassLoader {
        Loader() { super(null); }

        Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
    }

    static byte[] bytes(String name) throws Exception {
        try (var in = HookChain.class.getResourceAsStream(name + ".class")) {
            return in.readAllBytes();
        }
    }

    static Object text(Class<?> c) throws Exception { return c.getMethod("text").invoke(null); }

    public static void main(String[] args) throws Throwable {
        System.load(System.getProperty("test.agent"));
        System.out.println("Greeting: " + Greeting.text());
        Class<?> other = new Loader().define(bytes("Other"));
        System.out.println("Other: " + text(other));
        Class<?> third = MethodHandles.lookup().defineClass(bytes("Third"));
        System.out.println("Third: " + text(third));
        Class<?> hidden = MethodHandles.lookup().defineHiddenClass(bytes("Hidden1"), true).lookupClass();
        System.out.println("Hidden1: " + text(hidden));
        Runnable r = () -> System.out.println("lambda ran");
        r.run();
        System.out.println("Adler32 of 'a': " + adler());
        report();
    }

    static long adler() {
        java.util.zip.Adler32 a = new java.util.zip.Adler32();
        a.update('a');
        return a.getValue();
    }
}

class Greeting {
    static String text() { return "original"; }
}
