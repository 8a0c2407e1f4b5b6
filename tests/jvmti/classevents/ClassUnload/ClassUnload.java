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
    static native int countLoaded(String signature);
    static native void awaitFreed();

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

    static Isolating load(boolean keep) throws Exception {
        Isolating l = new Isolating();
        Class<?> c = l.loadClass("Victim");
        Object o = c.getDeclaredConstructor().newInstance();
        System.out.println("made " + o);
        if (keep) keepIds(c);
        else pinned = c;
        return l;
    }

    static WeakReference<Object> a, b, c;

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        /* Made on a thread of their own, checked with refersTo: no stack that lives on
         * has held these loaders (GlassVM scans C stacks conservatively). */
        Thread t = new Thread(() -> {
            try {
                Isolating la = load(true), lb = load(false), lc = load(false);
                a = new WeakReference<>(la);
                b = new WeakReference<>(lb);
                c = new WeakReference<>(lc);
                breakpoint(pinned, true); /* in c's Victim */
                pinned = null;
                System.out.println("GetLoadedClasses: " + countLoaded("LVictim;") + " Victim classes");
                try (InputStream in = ClassUnload.class.getResourceAsStream("/VictimHelper.class")) {
                    java.lang.invoke.MethodHandles.lookup().defineHiddenClass(in.readAllBytes(), true);
                }
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        t.start();
        t.join();
        for (int i = 0; i < 5 && !(a.refersTo(null) && b.refersTo(null)); i++) System.gc();
        System.gc(); /* and the hidden class */
        System.out.println("loaders collected: " + a.refersTo(null) + " " + b.refersTo(null));
        System.out.println("loader with a breakpoint collected: " + c.refersTo(null));
        awaitUnloaded(5);
        awaitFreed();
        System.out.println("GetLoadedClasses: " + countLoaded("LVictim;") + " Victim classes");
        breakpoint(null, false);
        for (int i = 0; i < 5 && !c.refersTo(null); i++) System.gc();
        System.out.println("after ClearBreakpoint: " + c.refersTo(null));
        awaitUnloaded(7);
        System.out.println("GetLoadedClasses: " + countLoaded("LVictim;") + " Victim classes");
        useStaleIds(ClassUnload.class);
        System.out.println("done");
    }
}
