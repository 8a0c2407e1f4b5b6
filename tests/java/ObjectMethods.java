// java.lang.Object's methods as the VM implements them: getClass for every kind of
// object, equals/hashCode defaults (identity, stable, consistent — values never printed),
// toString's format ("Class@" + hex of hashCode), wait/notify ownership rules, clone,
// finalize not run synchronously, and Objects/System helpers built on them.
public class ObjectMethods {
    static class Plain {}
    static class WithEquals {
        final int v;
        WithEquals(int v) { this.v = v; }
        @Override public boolean equals(Object o) { return o instanceof WithEquals && ((WithEquals) o).v == v; }
        @Override public int hashCode() { return v * 31; }
    }

    public static void main(String[] args) throws Exception {
        Object[] objs = { new Object(), new Plain(), "s", 1, 'c', new int[0], new String[0][0], Thread.State.NEW, ObjectMethods.class, new WithEquals(1) };
        for (Object o : objs) System.out.println("getClass " + o.getClass().getName() + " equals self " + o.equals(o) + " equals null " + o.equals(null));
        Object p = new Plain(), q = new Plain();
        System.out.println("distinct plain equal " + p.equals(q) + " same hash twice " + (p.hashCode() == p.hashCode()) + " hash is identity " + (p.hashCode() == System.identityHashCode(p)));
        String ts = p.toString();
        System.out.println("toString format " + ts.equals("ObjectMethods$Plain@" + Integer.toHexString(p.hashCode())) + " prefix " + ts.substring(0, ts.indexOf('@') + 1));
        String arrTs = new int[0].toString();
        System.out.println("array toString prefix " + arrTs.substring(0, arrTs.indexOf('@') + 1) + " 2D " + new String[0][0].toString().startsWith("[[Ljava.lang.String;@"));
        WithEquals a = new WithEquals(7), b = new WithEquals(7);
        System.out.println("overridden equals " + a.equals(b) + " hash " + a.hashCode());
        // identityHashCode is stable across GCs and for many objects
        Object[] many = new Object[2000];
        int[] hashes = new int[many.length];
        for (int i = 0; i < many.length; i++) { many[i] = new Object(); hashes[i] = System.identityHashCode(many[i]); }
        System.gc();
        int stable = 0;
        for (int i = 0; i < many.length; i++) if (System.identityHashCode(many[i]) == hashes[i] && many[i].hashCode() == hashes[i]) stable++;
        System.out.println("stable identity hashes " + stable);
        // hashCode of strings and boxed values is NOT identity
        String s1 = new String("abc"), s2 = new String("abc");
        System.out.println("string hash equal " + (s1.hashCode() == s2.hashCode()) + " objects distinct " + (s1 != s2));
        // wait/notify require ownership
        Object lock = new Object();
        try { lock.notify(); } catch (IllegalMonitorStateException e) { System.out.println("notify without lock: " + e.getClass().getSimpleName()); }
        try { lock.wait(1); } catch (IllegalMonitorStateException e) { System.out.println("wait without lock: " + e.getClass().getSimpleName()); }
        synchronized (lock) { lock.wait(1); lock.notifyAll(); }
        try { synchronized (lock) { lock.wait(-5); } } catch (IllegalArgumentException e) { System.out.println("wait(-5): " + e.getMessage()); }
        try { synchronized (lock) { lock.wait(0, 1000000); } } catch (IllegalArgumentException e) { System.out.println("wait(0, 1000000): " + e.getMessage()); }
        // getClass is final and accurate for anonymous/lambda-free subclasses
        Object anon = new Object() { };
        System.out.println("anonymous getClass " + anon.getClass().getName() + " superclass " + anon.getClass().getSuperclass().getName());
        // Objects helpers
        System.out.println("Objects.equals " + java.util.Objects.equals(a, b) + " " + java.util.Objects.equals(null, a) + " deepEquals " + java.util.Objects.deepEquals(new int[] { 1 }, new int[] { 1 })
            + " toString " + java.util.Objects.toString(null) + " isNull " + java.util.Objects.isNull(null) + " checkIndex " + java.util.Objects.checkIndex(2, 3));
        try { java.util.Objects.checkIndex(3, 3); } catch (IndexOutOfBoundsException e) { System.out.println("checkIndex: " + e.getMessage()); }
        try { java.util.Objects.checkFromToIndex(2, 1, 5); } catch (IndexOutOfBoundsException e) { System.out.println("checkFromToIndex: " + e.getMessage()); }
        // finalize is never called synchronously by the VM; a finalizable object can be created and dropped
        new Finalizable();
        System.out.println("finalizer did not run synchronously " + !Finalizable.ran);
    }
    static class Finalizable {
        static volatile boolean ran;
        @SuppressWarnings({ "deprecation", "removal" })
        @Override protected void finalize() { ran = true; }
    }
}
