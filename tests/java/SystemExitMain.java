// System.exit(3) from main: the status is 3, the finally block does not run, a
// non-daemon thread still running does not delay the exit, and output is flushed.
public class SystemExitMain {
    public static void main(String[] args) {
        Thread sleeper = new Thread(new Runnable() {
            public void run() {
                try { Thread.sleep(60000); } catch (InterruptedException e) { }
            }
        }, "sleeper");
        sleeper.start();
        System.out.println("exiting with 3");
        System.err.println("stderr before exit");
        try {
            System.exit(3);
        } finally {
            System.out.println("finally: must not print");
        }
    }
}
