// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A redefined and retransformed class (so the VM keeps the bytes the next
// retransformation starts from) is unloaded with its loader: what redefinition kept for
// it goes with it (make check's sanitizers watch), and a class defined afterwards from
// the same bytes starts afresh.
import java.lang.ref.WeakReference;
import java.util.function.Supplier;

public class RedefineUnload {
    static native int redefine(Class<?> c, byte[] bytes);
    static native int retransform(Class<?> c);

    static final class Fresh extends ClassLoader {
        final byte[] b;

        Fresh(byte[] b) {
            super(null);
            this.b = b;
        }

        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.equals("Gone")) throw new ClassNotFoundException(name);
            return defineClass(name, b, 0, b.length);
        }
    }

    static Object call(Object o) throws Exception {
        return o.getClass().getMethod("get").invoke(o);
    }

    /** Made, redefined and used on a thread of its own (no live stack holds the loader). */
    static WeakReference<ClassLoader> round(byte[] v1, byte[] v2) throws Exception {
        WeakReference<ClassLoader>[] ref = new WeakReference[1];
        Exception[] failure = new Exception[1];
        Thread t = new Thread(() -> {
            try {
                Fresh l = new Fresh(v1);
                Class<?> c = l.loadClass("Gone");
                Object o = c.getDeclaredConstructor().newInstance();
                System.out.println("defined: " + call(o));
                System.out.println("redefine: " + redefine(c, v2) + ", " + call(o));
                System.out.println("retransform: " + retransform(c) + ", " + call(o));
                System.out.println("retransform again: " + retransform(c) + ", " + call(o));
                ref[0] = new WeakReference<>(l);
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        t.start();
        t.join();
        if (failure[0] != null) throw failure[0];
        return ref[0];
    }

    public static void main(String[] args) throws Exception {
        byte[] v1 = Redef.bytesOf(Gone.class), v2 = Redef.versionOf("Gone", "v2");
        for (int r = 0; r < 2; r++) {
            WeakReference<ClassLoader> ref = round(v1, v2);
            for (int i = 0; i < 50 && ref.get() != null; i++) {
                System.gc();
                Thread.sleep(10);
            }
            System.out.println("round " + r + ": the loader was collected: " + (ref.get() == null));
        }
    }
}
