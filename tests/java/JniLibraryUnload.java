// VMOPTIONS: -Djava.library.path=@NATIVE@
// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A JNI library belongs to the class loader that loaded it (JNI spec, "Library and
// Version Management"): when that loader is unloaded the library is unloaded too and its
// JNI_OnUnload runs (the JDK does it from a Cleaner once the collector finds the loader
// dead). The class and its loader are made on a thread of their own; the checks use
// refersTo, which never hands out the referent.
import java.io.InputStream;
import java.lang.ref.WeakReference;

public class JniLibraryUnload {
    static class Isolating extends ClassLoader {
        Isolating() { super("isolating", null); }
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.equals("VictimNative")) throw new ClassNotFoundException(name);
            try (InputStream in = JniLibraryUnload.class.getResourceAsStream("/" + name + ".class")) {
                byte[] b = in.readAllBytes();
                return defineClass(name, b, 0, b.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    static WeakReference<Object> loader;

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            try {
                Isolating l = new Isolating();
                var ctor = l.loadClass("VictimNative").getDeclaredConstructor();
                ctor.setAccessible(true);
                System.out.println(ctor.newInstance());
                loader = new WeakReference<>(l);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        t.start();
        t.join();
        System.out.println("JNI_OnLoad: " + System.getProperty("unloadlib.onload"));
        /* The Cleaner thread runs JNI_OnUnload some time after the collection. */
        for (int i = 0; i < 600 && System.getProperty("unloadlib.onunload") == null; i++) {
            System.gc();
            Thread.sleep(50);
        }
        System.out.println("loader collected: " + loader.refersTo(null));
        System.out.println("JNI_OnUnload after: " + System.getProperty("unloadlib.onunload"));
    }
}
