// Thread.interrupt: sleep and join throw InterruptedException and clear the flag,
// interrupted() clears while isInterrupted() does not, a pending interrupt makes the
// next sleep/wait throw at once, interrupting a thread blocked in LockSupport.park and
// in a blocking queue, and interrupting a finished thread is harmless.
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;

public class Interrupts {
    public static void main(String[] args) throws Exception {
        Thread me = Thread.currentThread();
        System.out.println("initially " + me.isInterrupted());
        me.interrupt();
        System.out.println("after self-interrupt " + me.isInterrupted() + " " + me.isInterrupted());
        System.out.println("interrupted() " + Thread.interrupted() + " then " + Thread.interrupted());

        me.interrupt();
        try { Thread.sleep(10000); System.out.println("slept?"); }
        catch (InterruptedException e) { System.out.println("pending interrupt -> sleep throws, flag now " + me.isInterrupted()); }

        me.interrupt();
        Object o = new Object();
        synchronized (o) {
            try { o.wait(10000); System.out.println("waited?"); }
            catch (InterruptedException e) { System.out.println("pending interrupt -> wait throws, flag now " + me.isInterrupted()); }
        }

        Thread done = new Thread(new Runnable() { public void run() { } });
        done.start();
        done.join();
        me.interrupt();
        try { done.join(); System.out.println("join on a finished thread returns even with a pending interrupt, flag " + me.isInterrupted()); }
        catch (InterruptedException e) { System.out.println("join threw InterruptedException"); }
        Thread.interrupted();

        // Interrupting a sleeping thread
        final String[] r = new String[4];
        Thread sleeper = new Thread(new Runnable() {
            public void run() {
                try { Thread.sleep(30000); r[0] = "sleep finished"; }
                catch (InterruptedException e) { r[0] = "sleep interrupted, flag " + Thread.currentThread().isInterrupted(); }
            }
        });
        sleeper.start();
        waitForState(sleeper, Thread.State.TIMED_WAITING);
        sleeper.interrupt();
        sleeper.join();
        System.out.println(r[0]);

        // Interrupting a parked thread: park returns, flag stays set
        Thread parker = new Thread(new Runnable() {
            public void run() {
                while (!Thread.currentThread().isInterrupted()) LockSupport.park();
                r[1] = "park returned on interrupt, flag " + Thread.currentThread().isInterrupted();
            }
        });
        parker.start();
        waitForState(parker, Thread.State.WAITING);
        parker.interrupt();
        parker.join();
        System.out.println(r[1]);

        // Interrupting a thread blocked on a queue
        final LinkedBlockingQueue<String> q = new LinkedBlockingQueue<>();
        Thread taker = new Thread(new Runnable() {
            public void run() {
                try { r[2] = "took " + q.take(); }
                catch (InterruptedException e) { r[2] = "take interrupted"; }
            }
        });
        taker.start();
        waitForState(taker, Thread.State.WAITING);
        taker.interrupt();
        taker.join();
        System.out.println(r[2]);

        // Joining a thread while being interrupted by a third thread
        final Thread mainThread = me;
        Thread longRunner = new Thread(new Runnable() {
            public void run() { try { Thread.sleep(30000); } catch (InterruptedException e) { } }
        });
        longRunner.start();
        Thread interrupter = new Thread(new Runnable() {
            public void run() { waitForState(mainThread, Thread.State.WAITING); mainThread.interrupt(); }
        });
        interrupter.start();
        try { longRunner.join(); System.out.println("join returned?"); }
        catch (InterruptedException e) { System.out.println("join interrupted, flag " + me.isInterrupted()); }
        interrupter.join();
        longRunner.interrupt();
        longRunner.join();
        System.out.println("longRunner alive " + longRunner.isAlive());
        // Interrupting a finished thread
        longRunner.interrupt();
        System.out.println("interrupt of dead thread ok, isInterrupted " + longRunner.isInterrupted());
    }

    static void waitForState(Thread t, Thread.State s) {
        while (t.getState() != s) Thread.yield();
    }
}
