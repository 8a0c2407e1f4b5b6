// ThreadLocal and InheritableThreadLocal: per-thread values, initialValue, remove,
// inheritance into child threads with childValue, and many ThreadLocals per thread.
public class ThreadLocals {
    static final ThreadLocal<StringBuilder> LOG = new ThreadLocal<StringBuilder>() {
        protected StringBuilder initialValue() { return new StringBuilder("init:" + Thread.currentThread().getName()); }
    };
    static final InheritableThreadLocal<String> CTX = new InheritableThreadLocal<String>() {
        protected String childValue(String parent) { return parent == null ? null : parent + "->child"; }
    };

    public static void main(String[] args) throws Exception {
        LOG.get().append("|main-edit");
        CTX.set("main-ctx");
        final String[] results = new String[4];
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread(new Runnable() {
                public void run() {
                    LOG.get().append("|t").append(id);
                    results[id] = LOG.get() + " ctx=" + CTX.get();
                    CTX.set("changed-in-" + id);
                }
            }, "t" + i);
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        for (String r : results) System.out.println(r);
        System.out.println("main: " + LOG.get() + " ctx=" + CTX.get());
        LOG.remove();
        System.out.println("after remove: " + LOG.get());
        ThreadLocal<Integer> plain = new ThreadLocal<>();
        System.out.println("no initial value: " + plain.get());
        plain.set(5);
        plain.set(6);
        System.out.println("set twice: " + plain.get());
        // Many thread locals in one thread (forces the map to grow), then all removed
        ThreadLocal<?>[] many = new ThreadLocal<?>[500];
        long sum = 0;
        for (int i = 0; i < many.length; i++) { ThreadLocal<Integer> t = new ThreadLocal<>(); t.set(i); many[i] = t; }
        for (ThreadLocal<?> t : many) sum += (Integer) t.get();
        for (ThreadLocal<?> t : many) t.remove();
        int nulls = 0;
        for (ThreadLocal<?> t : many) if (t.get() == null) nulls++;
        System.out.println("500 locals sum " + sum + " removed " + nulls);
        // withInitial uses a Supplier (an anonymous class here)
        ThreadLocal<String> wi = ThreadLocal.withInitial(new java.util.function.Supplier<String>() { public String get() { return "supplied"; } });
        System.out.println(wi.get());
    }
}
