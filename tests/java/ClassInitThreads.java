// Class initialization across threads (JVMS 5.5): while one thread runs a slow <clinit>,
// other threads needing the class block until it completes and then see the fully
// initialized state; <clinit> runs exactly once; a failing <clinit> makes every thread
// see the error.
public class ClassInitThreads {
    static volatile boolean started;
    static class Slow {
        static int runs;
        static final int VALUE;
        static {
            runs++;
            started = true;
            try { Thread.sleep(300); } catch (InterruptedException e) { }
            VALUE = 123;
        }
    }
    static class Failing {
        static { if (true) throw new IllegalStateException("failing clinit"); }
        static int x;
    }

    public static void main(String[] args) throws Exception {
        final int[] seen = new int[4];
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            final int id = i;
            ts[i] = new Thread(new Runnable() {
                public void run() {
                    if (id > 0) { while (!started) Thread.yield(); }
                    seen[id] = Slow.VALUE;
                }
            });
        }
        ts[0].start();
        for (int i = 1; i < ts.length; i++) ts[i].start();
        for (Thread t : ts) t.join();
        System.out.println("values seen " + java.util.Arrays.toString(seen) + " runs " + Slow.runs);

        final String[] results = new String[3];
        Thread[] fs = new Thread[3];
        for (int i = 0; i < fs.length; i++) {
            final int id = i;
            fs[i] = new Thread(new Runnable() {
                public void run() {
                    try { results[id] = "ok " + Failing.x; }
                    catch (Throwable t) { results[id] = t.getClass().getSimpleName(); }
                }
            });
        }
        // Sequential, so which thread sees which error is deterministic
        for (Thread t : fs) { t.start(); t.join(); }
        System.out.println("failing: " + java.util.Arrays.toString(results));
    }
}
