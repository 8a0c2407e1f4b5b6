// java.util.concurrent executors (built on LockSupport.park/unpark): a fixed thread
// pool running Callables, Futures, invokeAll, exceptions surfacing as
// ExecutionException, cancellation, CountDownLatch, CompletableFuture chains without
// lambdas, ScheduledExecutorService, and orderly shutdown.
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.*;

public class Executors {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
        List<Future<Long>> futures = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            final int n = i;
            futures.add(pool.submit(new Callable<Long>() {
                public Long call() { long s = 0; for (int k = 0; k <= n * 1000; k++) s += k; return s; }
            }));
        }
        long total = 0;
        for (Future<Long> f : futures) total += f.get();
        System.out.println("sum of results " + total + " all done " + allDone(futures));

        List<Callable<String>> tasks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            final int n = i;
            tasks.add(new Callable<String>() { public String call() { return "task" + n + "@" + Thread.currentThread().getName().startsWith("pool-"); } });
        }
        StringBuilder sb = new StringBuilder();
        for (Future<String> f : pool.invokeAll(tasks)) sb.append(f.get()).append(' ');
        System.out.println("invokeAll " + sb.toString().trim());
        System.out.println("invokeAny one of them " + pool.invokeAny(tasks).startsWith("task"));

        Future<Object> failing = pool.submit(new Callable<Object>() { public Object call() { throw new IllegalStateException("task failed"); } });
        try { failing.get(); } catch (ExecutionException e) { System.out.println("ExecutionException cause " + e.getCause()); }

        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch never = new CountDownLatch(1);
        Future<?> blocked = pool.submit(new Runnable() {
            public void run() {
                started.countDown();
                try { never.await(); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
            }
        });
        started.await();
        System.out.println("cancel " + blocked.cancel(true) + " isCancelled " + blocked.isCancelled() + " isDone " + blocked.isDone());
        try { blocked.get(); } catch (CancellationException e) { System.out.println("get after cancel: CancellationException"); }

        final CountDownLatch latch = new CountDownLatch(6);
        final ConcurrentLinkedQueue<Integer> done = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < 6; i++) {
            final int n = i;
            pool.execute(new Runnable() { public void run() { done.add(n); latch.countDown(); } });
        }
        System.out.println("latch await " + latch.await(30, TimeUnit.SECONDS) + " count " + latch.getCount() + " ran " + done.size());

        CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(new java.util.function.Supplier<Integer>() {
            public Integer get() { return 6; } }, pool)
            .thenApply(new java.util.function.Function<Integer, Integer>() { public Integer apply(Integer x) { return x * 7; } })
            .thenCombine(CompletableFuture.completedFuture(100), new java.util.function.BiFunction<Integer, Integer, Integer>() {
                public Integer apply(Integer a, Integer b) { return a + b; } });
        System.out.println("CompletableFuture " + cf.get());
        CompletableFuture<String> ex = CompletableFuture.supplyAsync(new java.util.function.Supplier<String>() {
            public String get() { throw new ArithmeticException("cf failure"); } }, pool)
            .exceptionally(new java.util.function.Function<Throwable, String>() { public String apply(Throwable t) { return "recovered from " + t.getCause().getMessage(); } });
        System.out.println(ex.get());

        pool.shutdown();
        System.out.println("awaitTermination " + pool.awaitTermination(30, TimeUnit.SECONDS) + " isShutdown " + pool.isShutdown() + " isTerminated " + pool.isTerminated());
        try { pool.submit(new Runnable() { public void run() { } }); }
        catch (RejectedExecutionException e) { System.out.println("submit after shutdown: RejectedExecutionException"); }

        ScheduledExecutorService ses = java.util.concurrent.Executors.newScheduledThreadPool(2);
        ScheduledFuture<String> sf = ses.schedule(new Callable<String>() { public String call() { return "scheduled"; } }, 50, TimeUnit.MILLISECONDS);
        final CountDownLatch ticks = new CountDownLatch(3);
        ScheduledFuture<?> periodic = ses.scheduleAtFixedRate(new Runnable() { public void run() { ticks.countDown(); } }, 0, 10, TimeUnit.MILLISECONDS);
        System.out.println(sf.get() + " ticks " + ticks.await(30, TimeUnit.SECONDS));
        periodic.cancel(false);
        ses.shutdownNow();
        System.out.println("scheduler terminated " + ses.awaitTermination(30, TimeUnit.SECONDS));

        // ThreadPoolExecutor with explicit queue and a custom ThreadFactory
        final AtomicCounter created = new AtomicCounter();
        ThreadPoolExecutor tpe = new ThreadPoolExecutor(2, 2, 1, TimeUnit.SECONDS, new ArrayBlockingQueue<Runnable>(100), new ThreadFactory() {
            public Thread newThread(Runnable r) { Thread t = new Thread(r, "custom-" + created.next()); return t; }
        });
        final long[] acc = new long[1];
        for (int i = 0; i < 50; i++) {
            final int n = i;
            tpe.execute(new Runnable() { public void run() { synchronized (acc) { acc[0] += n; } } });
        }
        tpe.shutdown();
        tpe.awaitTermination(30, TimeUnit.SECONDS);
        System.out.println("tpe acc " + acc[0] + " completed " + tpe.getCompletedTaskCount() + " threads created " + created.get());

        // ForkJoinPool with a RecursiveTask
        ForkJoinPool fj = new ForkJoinPool(2);
        System.out.println("fork/join sum " + fj.invoke(new SumTask(0, 100000)));
        fj.shutdown();
    }
    static boolean allDone(List<Future<Long>> fs) { for (Future<Long> f : fs) if (!f.isDone()) return false; return true; }
    static class AtomicCounter { private int n; synchronized int next() { return ++n; } synchronized int get() { return n; } }
    static class SumTask extends RecursiveTask<Long> {
        final int lo, hi;
        SumTask(int lo, int hi) { this.lo = lo; this.hi = hi; }
        protected Long compute() {
            if (hi - lo <= 5000) { long s = 0; for (int i = lo; i < hi; i++) s += i; return s; }
            int mid = (lo + hi) >>> 1;
            SumTask left = new SumTask(lo, mid);
            left.fork();
            return new SumTask(mid, hi).compute() + left.join();
        }
    }
}
