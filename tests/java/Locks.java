// java.util.concurrent.locks and synchronizers: ReentrantLock (reentrancy, tryLock,
// fairness flag, Conditions with await/signal), ReentrantReadWriteLock, StampedLock,
// Semaphore, CyclicBarrier, Phaser, Exchanger — all built on LockSupport.park/unpark.
import java.util.concurrent.*;
import java.util.concurrent.locks.*;

public class Locks {
    public static void main(String[] args) throws Exception {
        final ReentrantLock lock = new ReentrantLock();
        lock.lock(); lock.lock();
        System.out.println("hold count " + lock.getHoldCount() + " locked " + lock.isLocked() + " byMe " + lock.isHeldByCurrentThread() + " fair " + lock.isFair());
        lock.unlock(); lock.unlock();
        try { lock.unlock(); } catch (IllegalMonitorStateException e) { System.out.println("unlock unowned: IllegalMonitorStateException"); }

        // tryLock fails while another thread holds it
        final CountDownLatch held = new CountDownLatch(1), release = new CountDownLatch(1);
        Thread holder = new Thread(new Runnable() {
            public void run() {
                lock.lock();
                try { held.countDown(); release.await(); } catch (InterruptedException e) { } finally { lock.unlock(); }
            }
        });
        holder.start();
        held.await();
        System.out.println("tryLock while held " + lock.tryLock() + " timed " + lock.tryLock(10, TimeUnit.MILLISECONDS) + " queued " + lock.hasQueuedThreads());
        release.countDown();
        holder.join();
        System.out.println("tryLock after release " + lock.tryLock());
        lock.unlock();

        // Condition: bounded buffer with two conditions
        final BoundedBuffer bb = new BoundedBuffer(3);
        Thread prod = new Thread(new Runnable() {
            public void run() { try { for (int i = 1; i <= 500; i++) bb.put(i); bb.put(-1); } catch (InterruptedException e) { } }
        });
        prod.start();
        long sum = 0;
        for (int v; (v = bb.take()) != -1; ) sum += v;
        prod.join();
        System.out.println("condition buffer sum " + sum);

        // Fair lock counting under contention
        final ReentrantLock fair = new ReentrantLock(true);
        final int[] count = { 0 };
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(new Runnable() {
                public void run() { for (int j = 0; j < 3000; j++) { fair.lock(); try { count[0]++; } finally { fair.unlock(); } } }
            });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        System.out.println("fair lock count " + count[0] + " fair " + fair.isFair());

        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        rw.readLock().lock(); rw.readLock().lock();
        System.out.println("read holds " + rw.getReadHoldCount() + " readers " + rw.getReadLockCount() + " write locked " + rw.isWriteLocked()
            + " tryWrite " + rw.writeLock().tryLock());
        rw.readLock().unlock(); rw.readLock().unlock();
        rw.writeLock().lock();
        rw.readLock().lock();   // downgrade allowed
        rw.writeLock().unlock();
        System.out.println("downgraded: write locked " + rw.isWriteLocked() + " readers " + rw.getReadLockCount());
        rw.readLock().unlock();

        StampedLock sl = new StampedLock();
        long stamp = sl.tryOptimisticRead();
        System.out.println("optimistic valid " + sl.validate(stamp));
        long ws = sl.writeLock();
        System.out.println("after write lock valid " + sl.validate(stamp) + " isWriteLocked " + sl.isWriteLocked());
        sl.unlockWrite(ws);

        final Semaphore sem = new Semaphore(2);
        final int[] maxInside = { 0 }, inside = { 0 };
        Thread[] ss = new Thread[6];
        for (int i = 0; i < ss.length; i++) {
            ss[i] = new Thread(new Runnable() {
                public void run() {
                    try {
                        sem.acquire();
                        synchronized (inside) { inside[0]++; maxInside[0] = Math.max(maxInside[0], inside[0]); }
                        Thread.sleep(5);
                        synchronized (inside) { inside[0]--; }
                        sem.release();
                    } catch (InterruptedException e) { }
                }
            });
            ss[i].start();
        }
        for (Thread t : ss) t.join();
        System.out.println("semaphore max inside <= 2: " + (maxInside[0] <= 2) + " permits " + sem.availablePermits() + " tryAcquire(3) " + sem.tryAcquire(3));

        final int parties = 4;
        final int[] barrierActions = { 0 };
        final CyclicBarrier barrier = new CyclicBarrier(parties, new Runnable() { public void run() { barrierActions[0]++; } });
        Thread[] bs = new Thread[parties];
        for (int i = 0; i < parties; i++) {
            bs[i] = new Thread(new Runnable() {
                public void run() { try { for (int r = 0; r < 5; r++) barrier.await(); } catch (Exception e) { } }
            });
            bs[i].start();
        }
        for (Thread t : bs) t.join();
        System.out.println("barrier trips " + barrierActions[0] + " broken " + barrier.isBroken());

        final Phaser phaser = new Phaser(3);
        Thread[] ps = new Thread[3];
        for (int i = 0; i < 3; i++) {
            ps[i] = new Thread(new Runnable() { public void run() { for (int r = 0; r < 3; r++) phaser.arriveAndAwaitAdvance(); phaser.arriveAndDeregister(); } });
            ps[i].start();
        }
        for (Thread t : ps) t.join();
        System.out.println("phaser phase " + phaser.getPhase() + " terminated " + phaser.isTerminated());

        final Exchanger<String> ex = new Exchanger<>();
        final String[] got = new String[1];
        Thread partner = new Thread(new Runnable() { public void run() { try { got[0] = ex.exchange("from partner"); } catch (InterruptedException e) { } } });
        partner.start();
        String mine = ex.exchange("from main");
        partner.join();
        System.out.println("exchanged: main got '" + mine + "', partner got '" + got[0] + "'");

        // LockSupport directly: unpark before park makes park return at once
        LockSupport.unpark(Thread.currentThread());
        LockSupport.park();
        LockSupport.parkNanos(1000000);
        System.out.println("park/unpark permit ok");
        final Thread mainT = Thread.currentThread();
        final java.util.concurrent.atomic.AtomicBoolean flag = new java.util.concurrent.atomic.AtomicBoolean();
        Thread unparker = new Thread(new Runnable() {
            public void run() { while (mainT.getState() != Thread.State.WAITING) Thread.yield(); flag.set(true); LockSupport.unpark(mainT); }
        });
        unparker.start();
        while (!flag.get()) LockSupport.park(lock);
        unparker.join();
        System.out.println("unparked by another thread, blocker now " + LockSupport.getBlocker(mainT));
    }

    static class BoundedBuffer {
        final ReentrantLock lock = new ReentrantLock();
        final Condition notFull = lock.newCondition(), notEmpty = lock.newCondition();
        final int[] items; int putIdx, takeIdx, count;
        BoundedBuffer(int n) { items = new int[n]; }
        void put(int v) throws InterruptedException {
            lock.lock();
            try { while (count == items.length) notFull.await(); items[putIdx] = v; putIdx = (putIdx + 1) % items.length; count++; notEmpty.signal(); }
            finally { lock.unlock(); }
        }
        int take() throws InterruptedException {
            lock.lock();
            try { while (count == 0) notEmpty.await(); int v = items[takeIdx]; takeIdx = (takeIdx + 1) % items.length; count--; notFull.signal(); return v; }
            finally { lock.unlock(); }
        }
    }
}
