// java.lang.ref: only what the specification guarantees. A referent that is strongly
// reachable is never cleared (before and after System.gc()); clear() and enqueue()
// behave as specified; queues return registered references; refersTo; WeakHashMap keeps
// strongly held keys; PhantomReference.get is always null. Whether a weakly reachable
// object is collected after System.gc() is VM-specific and is only counted, not printed.
import java.lang.ref.*;
import java.util.WeakHashMap;

public class WeakReferences {
    public static void main(String[] args) throws Exception {
        Object strong = new Object();
        String label = "referent";
        ReferenceQueue<Object> q = new ReferenceQueue<>();
        WeakReference<Object> weak = new WeakReference<>(strong, q);
        SoftReference<Object> soft = new SoftReference<>(strong);
        PhantomReference<Object> phantom = new PhantomReference<>(strong, q);
        System.out.println("weak get same " + (weak.get() == strong) + " soft " + (soft.get() == strong) + " phantom get " + phantom.get());
        System.out.println("refersTo " + weak.refersTo(strong) + " " + weak.refersTo(null) + " " + phantom.refersTo(strong));
        System.out.println("queue empty " + (q.poll() == null) + " enqueued " + weak.isEnqueued());
        for (int i = 0; i < 3; i++) {
            System.gc();
            byte[][] junk = new byte[100][];
            for (int j = 0; j < junk.length; j++) junk[j] = new byte[10000];
        }
        System.out.println("after gc, strongly reachable: weak " + (weak.get() == strong) + " soft " + (soft.get() == strong)
            + " phantom refersTo " + phantom.refersTo(strong) + " queue " + (q.poll() == null));
        // clear() does not enqueue; enqueue() does, once
        WeakReference<Object> w2 = new WeakReference<>(strong, q);
        w2.clear();
        System.out.println("cleared " + (w2.get() == null) + " queue still empty " + (q.poll() == null));
        System.out.println("enqueue " + w2.enqueue() + " again " + w2.enqueue());
        Reference<?> polled = q.poll();
        System.out.println("polled is w2 " + (polled == w2) + " then empty " + (q.poll() == null));
        System.out.println("remove with timeout on empty queue " + q.remove(10));
        // A reference without a queue cannot be enqueued
        WeakReference<Object> noQueue = new WeakReference<>(strong);
        System.out.println("enqueue without queue " + noQueue.enqueue());
        // WeakHashMap with strongly held keys keeps entries
        WeakHashMap<Object, String> whm = new WeakHashMap<>();
        Object[] keys = new Object[50];
        for (int i = 0; i < keys.length; i++) { keys[i] = new int[] { i }; whm.put(keys[i], "v" + i); }
        System.gc();
        int present = 0;
        for (Object k : keys) if (whm.get(k) != null) present++;
        System.out.println("WeakHashMap strongly held keys present " + present);
        // Weakly reachable objects: collection is VM-specific; exercise the path, print nothing about it
        int cleared = 0;
        WeakReference<?>[] many = new WeakReference<?>[1000];
        for (int i = 0; i < many.length; i++) many[i] = new WeakReference<>(new byte[100]);
        System.gc();
        for (WeakReference<?> w : many) if (w.get() == null) cleared++;
        System.out.println("weak refs examined " + many.length + (cleared >= 0 ? "" : "?"));
        // Reference.reachabilityFence keeps an object alive
        Reference.reachabilityFence(strong);
        // SoftReference with an explicit queue and clear
        SoftReference<String> s2 = new SoftReference<>(label, new ReferenceQueue<String>());
        s2.clear();
        System.out.println("soft cleared " + s2.get() + " " + label);
        // Cleaner: register and clean explicitly (the action runs exactly once)
        final int[] runs = { 0 };
        java.lang.ref.Cleaner cleaner = java.lang.ref.Cleaner.create();
        java.lang.ref.Cleaner.Cleanable c = cleaner.register(strong, new Runnable() { public void run() { runs[0]++; } });
        c.clean();
        c.clean();
        System.out.println("cleaner action runs " + runs[0]);
        Reference.reachabilityFence(strong);
    }
}
