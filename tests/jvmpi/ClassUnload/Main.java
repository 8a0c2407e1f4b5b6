// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassUnload: a class defined by a loader that is then dropped is unloaded by a
// collection; the agent hears of it (CLASS_UNLOAD) and asks for its CLASS_LOAD again.
import java.io.InputStream;
import java.lang.ref.WeakReference;

public class Main {
    static native boolean unloaded();

    /* A loader that defines Victim itself from this test's class file. */
    static class Isolating extends ClassLoader {
        Isolating() { super(null); }
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.equals("Victim")) throw new ClassNotFoundException(name);
            try (InputStream in = Main.class.getResourceAsStream("/Victim.class")) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static WeakReference<Object> loader;

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jvmpitest");
        /* Made on a thread of its own: no stack that lives on has held the loader (C
         * stacks are scanned conservatively). */
        Thread t = new Thread(new Runnable() {
            public void run() {
                try {
                    Isolating l = new Isolating();
                    Object o = l.loadClass("Victim").getDeclaredConstructor().newInstance();
                    System.out.println("made " + o);
                    loader = new WeakReference<>(l);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }
        });
        t.start();
        t.join();
        for (int i = 0; i < 20 && !unloaded(); i++) System.gc();
        System.out.println("loader collected: " + loader.refersTo(null) + ", CLASS_UNLOAD seen: " + unloaded());
    }
}
