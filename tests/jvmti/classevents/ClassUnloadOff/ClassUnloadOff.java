// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -XX:-ClassUnloading: IsClassUnloadingEnabled answers false, a dropped loader and its
// classes stay, and no ClassUnload event is sent (the agent is ClassUnload's).
import java.io.InputStream;
import java.lang.ref.WeakReference;

public class ClassUnloadOff {
    static class Isolating extends ClassLoader {
        Isolating() { super(null); }
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.startsWith("Victim")) throw new ClassNotFoundException(name);
            try (InputStream in = ClassUnloadOff.class.getResourceAsStream("/" + name + ".class")) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static WeakReference<Object> loader;

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread t = new Thread(() -> {
            try {
                Isolating l = new Isolating();
                var ctor = l.loadClass("Victim").getDeclaredConstructor();
                ctor.setAccessible(true);
                System.out.println("made " + ctor.newInstance());
                loader = new WeakReference<>(l);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        t.start();
        t.join();
        for (int i = 0; i < 3; i++) System.gc();
        System.out.println("loader collected: " + loader.refersTo(null));
        ClassUnload.awaitUnloaded(0);
    }
}
