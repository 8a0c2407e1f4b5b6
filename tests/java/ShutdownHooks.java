// Shutdown hooks run when main returns normally (even with a non-daemon thread
// finishing later), they see state set by main, removeShutdownHook works, registering
// twice or during shutdown is rejected.
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

        Thread started = new Thread(new Runnable() { public void run() { } });
        started.start();
        started.join();
        try { Runtime.getRuntime().addShutdownHook(started); }
        catch (IllegalArgumentException e) { System.out.println("started: " + e.getMessage()); }

        // A non-daemon thread that finishes after main returns: hooks run after it ends.
        Thread late = new Thread(new Runnable() {
            public void run() {
                try { Thread.sleep(200); } catch (InterruptedException e) { }
                state = "set by late thread";
                System.out.println("late thread done");
            }
        }, "late");
        late.start();
        state = "set by main";
        System.out.println("main returns");
    }
}
