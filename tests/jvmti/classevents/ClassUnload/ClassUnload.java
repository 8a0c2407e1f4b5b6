// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Classes of dropped loaders are unloaded at System.gc(): ClassUnload extension events,
// and the stale jmethodIDs/jfieldIDs an agent kept answer errors (see agent.c).
import java.io.InputStream;
import java.lang.ref.WeakReference;

public class ClassUnload {
    static native void keepIds(Class<?> victim);
    static native void useStaleIds(Class<?> live);
    static native void awaitUnloaded(int n);
    static native void breakpoint(Class<?> victim, boolean set);

    /* A loader that defines the Victim classes itself from this test's class files. */
    static class Isolating extends ClassLoader {
        Isolating() { super(null); }
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.startsWith("Victim")) throw new ClassNotFoundException(name);
            try (InputStream in = ClassUnload.class.getResourceAsStream("/" + name + ".class")) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static Class<?> pinned;

    static WeakReference<Object> load(boolean keep) throws Exception {
        Isolating l = new Isolating();
        Class<?> c = l.loadClass("Victim");
        Object o = c.getDeclaredConstructor().newInstance();
        System.out.println("made " + o);
        if (keep) keepIds(c);
        else pinned = c;
        return new WeakReference<>(l);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        WeakReference<Object> a = load(true), b = load(false), c = load(false);
        breakpoint(pinned, true); /* in c's Victim */
        pinned = null;
        for (int i = 0; i < 5 && (a.get() != null || b.get() != null); i++) System.gc();
        System.out.println("loaders collected: " + (a.get() == null) + " " + (b.get() == null));
        System.out.println("loader with a breakpoint collected: " + (c.get() == null));
        awaitUnloaded(4);
        breakpoint(null, false);
        for (int i = 0; i < 5 && c.get() != null; i++) System.gc();
        System.out.println("after ClearBreakpoint: " + (c.get() == null));
        awaitUnloaded(6);
        useStaleIds(ClassUnload.class);
        System.out.println("done");
    }
}
