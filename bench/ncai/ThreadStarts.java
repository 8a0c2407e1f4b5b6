// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// bench/ncai.sh: microseconds per Thread.start + join of an empty thread (2000 of them),
// the cost NCAI's thread records and alternate signal stacks add to a thread's life.
public class ThreadStarts {
    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        for (int i = 0; i < 2000; i++) {
            Thread t = new Thread(() -> {});
            t.start();
            t.join();
        }
        System.out.println((System.nanoTime() - t0) / 2000 / 1000);
    }
}
