// System.exit(3): the exit status is 3, finally blocks of the exiting thread do not run,
// output already written is flushed, and exit from a non-main thread works too.
// ARGS: thread
public class SystemExit {
    public static void main(String[] args) throws Exception {
        System.out.println("start");
        if (args.length > 0 && args[0].equals("thread")) {
            Thread t = new Thread(new Runnable() {
                public void run() {
                    System.out.println("exiting from thread " + Thread.currentThread().getName());
                    try {
                        System.exit(3);
                    } finally {
                        System.out.println("finally in exiting thread: must not print");
                    }
                }
            }, "exiter");
            t.start();
            t.join();
            // The exit ends the process while main waits here; nothing else prints.
            Thread.sleep(20000);
            System.out.println("not reached");
        }
        System.exit(4);
    }
}
