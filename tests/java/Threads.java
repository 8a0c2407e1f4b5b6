// java.lang.Thread basics: start/join, names, ids are distinct, daemon flag, priority,
// states of new/terminated threads, isAlive, join with timeout on a finished thread,
// currentThread, Runnable vs subclass, start twice, thread groups, and many threads.
public class Threads {
    static class Worker extends Thread {
        int result;
        final int n;
        Worker(int n) { super("worker-" + n); this.n = n; }
        public void run() { int s = 0; for (int i = 0; i <= n; i++) s += i; result = s; }
    }

    public static void main(String[] args) throws Exception {
        Thread main = Thread.currentThread();
        System.out.println("main thread: name " + main.getName() + " daemon " + main.isDaemon() + " priority " + main.getPriority()
            + " group " + main.getThreadGroup().getName() + " alive " + main.isAlive() + " state " + main.getState());
        Worker[] ws = new Worker[8];
        for (int i = 0; i < ws.length; i++) ws[i] = new Worker(i * 1000);
        System.out.println("new state " + ws[0].getState() + " alive " + ws[0].isAlive());
        for (Worker w : ws) w.start();
        for (Worker w : ws) w.join();
        for (Worker w : ws) System.out.println(w.getName() + " result " + w.result + " state " + w.getState() + " alive " + w.isAlive());
        java.util.Set<Long> ids = new java.util.HashSet<>();
        for (Worker w : ws) ids.add(w.getId());
        ids.add(main.getId());
        System.out.println("distinct ids " + ids.size());
        try { ws[0].start(); } catch (IllegalThreadStateException e) { System.out.println("start twice: IllegalThreadStateException"); }
        long t0 = System.nanoTime();
        ws[1].join(5000);   // already finished: returns at once
        System.out.println("join on finished thread quick " + (System.nanoTime() - t0 < 4_000_000_000L));

        // Runnable with a shared result and the current thread inside run()
        final String[] seen = new String[1];
        Thread r = new Thread(new Runnable() {
            public void run() { seen[0] = Thread.currentThread().getName() + " daemon=" + Thread.currentThread().isDaemon(); }
        }, "runnable-thread");
        r.setDaemon(true);
        r.setPriority(Thread.MIN_PRIORITY);
        System.out.println("priority " + r.getPriority() + " daemon " + r.isDaemon());
        r.start();
        r.join();
        System.out.println("seen " + seen[0]);
        try { r.setDaemon(false); System.out.println("setDaemon after death allowed"); }
        catch (IllegalThreadStateException e) { System.out.println("setDaemon after start: IllegalThreadStateException"); }
        try { r.setPriority(11); } catch (IllegalArgumentException e) { System.out.println("setPriority(11): IllegalArgumentException"); }

        // A thread inherits daemon status from its creator
        final boolean[] inherited = new boolean[1];
        Thread parent = new Thread(new Runnable() {
            public void run() {
                Thread child = new Thread(new Runnable() { public void run() { } });
                inherited[0] = child.isDaemon();
            }
        });
        parent.setDaemon(true);
        parent.start();
        parent.join();
        System.out.println("child inherits daemon " + inherited[0]);

        // Thread group bookkeeping
        ThreadGroup g = new ThreadGroup("tg");
        Thread inGroup = new Thread(g, new Runnable() { public void run() { } }, "in-group");
        System.out.println("group " + inGroup.getThreadGroup().getName() + " parent " + g.getParent().getName() + " maxPriority " + g.getMaxPriority());
        inGroup.start();
        inGroup.join();

        // Many short-lived threads
        final int[] counter = { 0 };
        Thread[] many = new Thread[100];
        for (int i = 0; i < many.length; i++) {
            many[i] = new Thread(new Runnable() { public void run() { synchronized (counter) { counter[0]++; } } });
            many[i].start();
        }
        for (Thread t : many) t.join();
        System.out.println("100 threads counted " + counter[0]);
        // Default names follow "Thread-N"; the number is VM-independent but depends on how
        // many unnamed threads were created so far — print only the prefix.
        System.out.println("default name prefix " + new Thread().getName().startsWith("Thread-"));
        // toString format
        Thread named = new Thread(g, "fmt");
        named.setPriority(7);
        System.out.println(named);
        // Thread.sleep(0) and yield return
        Thread.sleep(0);
        Thread.yield();
        Thread.onSpinWait();
        System.out.println("sleep(0)/yield/onSpinWait ok, stack trace of unstarted thread: " + named.getStackTrace().length);
        try { Thread.sleep(-1); } catch (IllegalArgumentException e) { System.out.println("sleep(-1): " + e.getMessage()); }
    }
}
