// Object.wait/notify/notifyAll: a producer/consumer handshake, notifyAll waking every
// waiter, timed wait returning after its timeout, wait releasing and reacquiring a
// recursively held monitor, and interrupt of a waiting thread.
import java.util.ArrayDeque;

public class WaitNotify {
    static final Object lock = new Object();
    static int phase;

    public static void main(String[] args) throws Exception {
        // Producer/consumer through a bounded buffer
        final ArrayDeque<Integer> buf = new ArrayDeque<>();
        final long[] consumed = new long[1];
        Thread producer = new Thread(new Runnable() {
            public void run() {
                for (int i = 1; i <= 2000; i++) {
                    synchronized (buf) {
                        while (buf.size() >= 4) { try { buf.wait(); } catch (InterruptedException e) { return; } }
                        buf.add(i);
                        buf.notifyAll();
                    }
                }
            }
        });
        Thread consumer = new Thread(new Runnable() {
            public void run() {
                for (int i = 1; i <= 2000; i++) {
                    synchronized (buf) {
                        while (buf.isEmpty()) { try { buf.wait(); } catch (InterruptedException e) { return; } }
                        consumed[0] += buf.poll() * (long) i;
                        buf.notifyAll();
                    }
                }
            }
        });
        producer.start(); consumer.start();
        producer.join(); consumer.join();
        System.out.println("consumed checksum " + consumed[0]);

        // notifyAll wakes all five waiters
        final int[] woken = { 0 };
        final int[] waiting = { 0 };
        Thread[] waiters = new Thread[5];
        for (int i = 0; i < waiters.length; i++) {
            waiters[i] = new Thread(new Runnable() {
                public void run() {
                    synchronized (lock) {
                        waiting[0]++;
                        lock.notifyAll();
                        while (phase == 0) { try { lock.wait(); } catch (InterruptedException e) { return; } }
                        woken[0]++;
                    }
                }
            });
            waiters[i].start();
        }
        synchronized (lock) {
            while (waiting[0] < 5) lock.wait();
            phase = 1;
            lock.notifyAll();
        }
        for (Thread t : waiters) t.join();
        System.out.println("notifyAll woke " + woken[0]);

        // notify wakes exactly one per call: count wakeups with a token protocol
        final int[] tokens = { 0 };
        final int[] served = { 0 };
        Thread[] takers = new Thread[3];
        for (int i = 0; i < takers.length; i++) {
            takers[i] = new Thread(new Runnable() {
                public void run() {
                    synchronized (tokens) {
                        while (tokens[0] == 0) { try { tokens.wait(); } catch (InterruptedException e) { return; } }
                        tokens[0]--;
                        served[0]++;
                    }
                }
            });
            takers[i].start();
        }
        for (int i = 0; i < 3; i++) {
            synchronized (tokens) { tokens[0]++; tokens.notify(); }
        }
        for (Thread t : takers) t.join();
        System.out.println("notify served " + served[0] + " tokens left " + tokens[0]);

        // Timed wait returns by itself (spurious wakeups are allowed, so only the return
        // is checked, not the time waited)
        synchronized (lock) { lock.wait(100); }
        System.out.println("timed wait returned");
        synchronized (lock) { lock.wait(0, 500000); }   // 0 ms + nanos rounds up to 1 ms
        System.out.println("wait(0, 500000) returned");

        // wait releases a recursively held monitor fully, and restores the recursion
        final boolean[] gotIt = { false };
        Thread other = new Thread(new Runnable() {
            public void run() { synchronized (lock) { gotIt[0] = true; lock.notifyAll(); } }
        });
        synchronized (lock) {
            synchronized (lock) {
                synchronized (lock) {
                    other.start();
                    while (!gotIt[0]) lock.wait();
                    System.out.println("recursive monitor released during wait, held again " + Thread.holdsLock(lock));
                }
                System.out.println("still held after inner exit " + Thread.holdsLock(lock));
            }
        }
        other.join();
        System.out.println("released " + !Thread.holdsLock(lock));

        // Interrupting a waiting thread: InterruptedException, flag cleared, monitor reacquired
        final String[] result = new String[1];
        final boolean[] ready = { false };
        Thread sleeper = new Thread(new Runnable() {
            public void run() {
                synchronized (lock) {
                    ready[0] = true;
                    lock.notifyAll();
                    try { while (true) lock.wait(); }
                    catch (InterruptedException e) {
                        result[0] = "interrupted, flag " + Thread.currentThread().isInterrupted() + ", holds lock " + Thread.holdsLock(lock);
                    }
                }
            }
        });
        sleeper.start();
        synchronized (lock) { while (!ready[0]) lock.wait(); }
        // The sleeper released the lock inside wait() once we got it back here
        sleeper.interrupt();
        sleeper.join();
        System.out.println(result[0]);
    }
}
