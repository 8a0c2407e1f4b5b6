// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMS 5.4.3: a symbolic reference to a class whose resolution failed with a LinkageError
// fails with the same error on every later attempt, also once the class has become
// loadable — whichever instruction uses the constant-pool entry (new, invokestatic,
// getstatic, anewarray, ldc) — and the loader is not asked again for it. Another class's
// reference to the same class resolves afresh. checkcast and instanceof of null resolve
// nothing (JVMS 6.5), so they neither fail nor record an error. The loader here refuses
// StickyTarget until told otherwise.
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public class StickyResolution {
    static class Flaky extends ClassLoader {
        boolean refuse = true;
        int asked;

        Flaky() {
            super(StickyResolution.class.getClassLoader());
        }

        @Override
        protected synchronized Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("Sticky") || name.equals("StickyResolution")) return super.loadClass(name, resolve);
            Class<?> c = findLoadedClass(name);
            if (c != null) return c;
            if (name.equals("StickyTarget")) {
                asked++;
                if (refuse) throw new ClassNotFoundException("refused " + name);
            }
            try (InputStream in = getParent().getResourceAsStream(name + ".class")) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static final String[] USES = {"create", "callStatic", "getStatic", "cast", "instanceOf", "array", "literal"};

    static void useAll(Class<?> user, String when) throws Exception {
        System.out.println(when + ", " + user.getName() + ":");
        for (String u : USES) {
            Method m = user.getMethod(u, u.equals("cast") || u.equals("instanceOf") ? new Class<?>[] {Object.class} : new Class<?>[0]);
            try {
                Object r = m.invoke(null, m.getParameterCount() == 1 ? new Object[] {null} : new Object[0]);
                String s = r instanceof Class ? "class " + ((Class<?>) r).getName()
                         : r != null && r.getClass().isArray() ? r.getClass().getComponentType().getName() + "[]"
                         : r != null && r.getClass().getName().equals("StickyTarget") ? "a StickyTarget" : String.valueOf(r);
                System.out.println("  " + u + ": " + s);
            } catch (InvocationTargetException e) {
                Throwable t = e.getCause();
                System.out.println("  " + u + ": " + t + (t.getCause() != null ? ", caused by " + t.getCause() : ""));
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Flaky l = new Flaky();
        Class<?> user = Class.forName("StickyUser", true, l);
        useAll(user, "refused");
        System.out.println("loader asked for StickyTarget " + l.asked + " time(s)");
        l.refuse = false;
        useAll(user, "no longer refused");
        System.out.println("loader asked for StickyTarget " + l.asked + " time(s)");
        useAll(Class.forName("StickyUser2", true, l), "no longer refused");
        System.out.println("loader asked for StickyTarget " + l.asked + " time(s)");
        System.out.println("direct lookup: " + l.loadClass("StickyTarget").getClassLoader().getClass().getName());
    }
}
