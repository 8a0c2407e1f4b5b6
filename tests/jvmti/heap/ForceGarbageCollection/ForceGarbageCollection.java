// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI ForceGarbageCollection (see agent.c).
import java.lang.ref.WeakReference;

public class ForceGarbageCollection {
    static native void forceGC();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        WeakReference<Object> weak = new WeakReference<>(new Object());
        Object strong = new Object();
        WeakReference<Object> kept = new WeakReference<>(strong);
        forceGC();
        System.out.println("unreachable object collected: " + (weak.get() == null));
        System.out.println("reachable object kept: " + (kept.get() == strong));
    }
}
