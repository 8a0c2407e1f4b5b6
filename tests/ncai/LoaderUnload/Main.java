// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;

public class Main {
    static native void checkLoader(ClassLoader expected);
    static native boolean unloaded();
    static native void reopen();

    // Holder, defined by a loader of its own, loads libncaiholder.so in its static
    // initializer; the loader is dropped on return.
    static WeakReference<ClassLoader> load() throws Exception {
        URL here = Main.class.getProtectionDomain().getCodeSource().getLocation();
        URLClassLoader l = new URLClassLoader(new URL[] {here}, null);
        Class<?> h = Class.forName("Holder", true, l);
        System.out.println("Holder defined by the new loader: " + (h.getClassLoader() == l));
        System.out.println("Holder.answer() " + h.getMethod("answer").invoke(null));
        checkLoader(l);
        return new WeakReference<>(l);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        WeakReference<ClassLoader> w = load();
        // NCAI must not keep the loader alive: once it is collected, the JDK's cleaner
        // unloads the library (JVM_UnloadLibrary), which NCAI reports as ModuleUnload.
        long end = System.nanoTime() + 30_000_000_000L;
        while (!unloaded() && System.nanoTime() < end) {
            System.gc();
            Thread.sleep(20);
        }
        System.out.println("loader collected: " + (w.get() == null));
        System.out.println("ModuleUnload seen: " + unloaded());
        checkLoader(null);
        reopen();
    }
}
