// Monitors: synchronized instance/static methods and blocks, reentrancy, Thread.holdsLock,
// monitors released on exceptional exit, IllegalMonitorStateException for wait/notify
// without the lock, and mutual exclusion under contention.
public class SynchronizedMethods {
    int counter;
    static int scounter;
    final Object lock = new Object();

    synchronized void inc() { counter++; }
    static synchronized void sinc() { scounter++; }
    synchronized int reenter(int depth) { return depth == 0 ? (Thread.holdsLock(this) ? 1 : 0) : reenter(depth - 1) + 1; }
    synchronized void throwInside() { throw new IllegalStateException("from synchronized method"); }
    void throwInBlock() { synchronized (lock) { throw new IllegalArgumentException("from synchronized block"); } }

    public static void main(String[] args) throws Exception {
        final SynchronizedMethods s = new SynchronizedMethods();
        System.out.println("holdsLock outside " + Thread.holdsLock(s));
        synchronized (s) {
            System.out.println("holdsLock inside " + Thread.holdsLock(s));
            synchronized (s) {
                synchronized (s.lock) {
                    System.out.println("nested " + Thread.holdsLock(s) + " " + Thread.holdsLock(s.lock));
                }
                System.out.println("after inner release " + Thread.holdsLock(s.lock));
            }
            System.out.println("still held " + Thread.holdsLock(s));
        }
        System.out.println("reentrant depth " + s.reenter(50));
        System.out.println("class lock in static method " + staticHolds());

        try { s.throwInside(); } catch (IllegalStateException e) { System.out.println("caught " + e.getMessage() + ", held " + Thread.holdsLock(s)); }
        try { s.throwInBlock(); } catch (IllegalArgumentException e) { System.out.println("caught " + e.getMessage() + ", held " + Thread.holdsLock(s.lock)); }

        try { s.lock.wait(); } catch (IllegalMonitorStateException e) { System.out.println("wait: IMSE " + e.getMessage()); }
        try { s.lock.notify(); } catch (IllegalMonitorStateException e) { System.out.println("notify: IMSE " + e.getMessage()); }
        try { s.lock.notifyAll(); } catch (IllegalMonitorStateException e) { System.out.println("notifyAll: IMSE " + e.getMessage()); }
        try { s.lock.wait(-1); } catch (IllegalArgumentException e) { System.out.println("wait(-1): " + e.getMessage()); }
        synchronized (s.lock) { s.lock.notify(); s.lock.notifyAll(); s.lock.wait(1); }
        System.out.println("notify with lock held: ok");

        // Contention: four threads, each incrementing through all three kinds of lock.
        Thread[] ts = new Thread[4];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(new Runnable() {
                public void run() {
                    for (int j = 0; j < 20000; j++) {
                        s.inc();
                        sinc();
                        synchronized (s.lock) { s.counter2++; }
                    }
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("counter " + s.counter + " static " + scounter + " block " + s.counter2);

        // A lock held across a monitor exit by exception from a nested call
        int caught = 0;
        for (int i = 0; i < 1000; i++) {
            try { synchronized (s) { if (i % 2 == 0) throw new RuntimeException(); } }
            catch (RuntimeException e) { caught++; }
        }
        System.out.println("caught " + caught + " held " + Thread.holdsLock(s));
        // The Synchronized modifier is visible to reflection but does not change behaviour
        System.out.println("inc synchronized " + java.lang.reflect.Modifier.isSynchronized(
            SynchronizedMethods.class.getDeclaredMethod("inc").getModifiers()));
    }
    int counter2;
    static synchronized boolean staticHolds() { return Thread.holdsLock(SynchronizedMethods.class); }
}
