// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A thread that posts events all the time (MethodEntry, MethodExit and SingleStep in a
// loop: its callbacks go to native code and back millions of times) while the main
// thread collects garbage and suspends it again and again (see agent.c): suspended, it
// makes no progress; collections and suspensions never wait for it forever.
public class EventsUnderSafepoints {
    static native void start(Thread worker);
    static native boolean suspendedStill(Thread worker);
    static native long events();
    static native void stop();

    static volatile long progress;
    static volatile boolean done;

    static int leaf(int i) { return i * 3 + 1; }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread worker = new Thread(() -> {
            int s = 0;
            while (!done) {
                for (int i = 0; i < 100; i++) s += leaf(i);
                progress++;
            }
            System.out.println("worker done " + (s != 1));
        }, "worker");
        worker.start();
        while (progress == 0) Thread.sleep(1);
        start(worker);
        int still = 0, rounds = 30;
        for (int r = 0; r < rounds; r++) {
            System.gc();
            if (suspendedStill(worker)) still++;
            long before = progress;
            while (progress == before) Thread.sleep(1); // it runs again after its resumption
        }
        stop();
        done = true;
        worker.join();
        System.out.println("no progress while suspended: " + still + " of " + rounds);
        System.out.println("events posted: " + (events() > 1000));
    }
}
