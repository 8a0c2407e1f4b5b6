// Shutdown hooks run when main returns normally (after a non-daemon thread that
// finishes later), they see state set by other threads, removeShutdownHook works, and
// registering twice, registering a running thread, or registering during shutdown is
// rejected. (Only one hook prints: hooks run concurrently in unspecified order.)
public class ShutdownHooks {
    static volatile String state = "initial";

    public static void main(String[] args) throws Exception {
        Thread hook = new Thread(new Runnable() {
            public void run() {
                System.out.println("hook runs, state=" + state + ", name=" + Thread.currentThread().getName());
                try {
                    Runtime.getRuntime().addShutdownHook(new Thread());
                    System.out.println("added hook during shutdown?");
                } catch (IllegalStateException e) {
                    System.out.println("add during shutdown: " + e.getMessage());
                }
            }
        }, "my-hook");
        Runtime.getRuntime().addShutdownHook(hook);
        try { Runtime.getRuntime().addShutdownHook(hook); }
        catch (IllegalArgumentException e) { System.out.println("twice: " + e.getMessage()); }

        Thread removed = new Thread(new Runnable() {
            public void run() { System.out.println("removed hook ran: wrong"); }
        });
        Runtime.getRuntime().addShutdownHook(removed);
        System.out.println("remove " + Runtime.getRuntime().removeShutdownHook(removed)
            + " again " + Runtime.getRuntime().removeShutdownHook(removed));

        // A thread that is already running cannot be a hook
        final java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread running = new Thread(new Runnable() {
            public void run() { try { release.await(); } catch (InterruptedException e) { } }
        });
        running.start();
        try { Runtime.getRuntime().addShutdownHook(running); }
        catch (IllegalArgumentException e) { System.out.println("running thread: " + e.getMessage()); }
        release.countDown();
        running.join();

        // A non-daemon thread that finishes after main returns: hooks run after it ends. It
        // goes on only once main has printed its last line and set the state (a fixed
        // 200 ms from its start could end before that on a loaded machine), then gives main
        // 200 ms to return.
        final java.util.concurrent.CountDownLatch mainDone = new java.util.concurrent.CountDownLatch(1);
        Thread late = new Thread(new Runnable() {
            public void run() {
                try {
                    mainDone.await();
                    Thread.sleep(200);
                } catch (InterruptedException e) { }
                state = "set by late thread";
                System.out.println("late thread done");
            }
        }, "late");
        late.start();
        state = "set by main";
        System.out.println("main returns");
        mainDone.countDown();
    }
}
