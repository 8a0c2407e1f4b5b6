// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Locals the code never reads again, read by a tool after collections (see agent.c).
public class DeadLocalsKept {
    static native void inspect();

    static long sink;

    static void churn() {
        for (int i = 0; i < 2000; i++) sink += new byte[32 * 1024].length;
    }

    static void work() {
        int[] numbers = new int[100_000];
        for (int i = 0; i < numbers.length; i++) numbers[i] = i * 3;
        String text = new StringBuilder("never ").append("read again").toString();
        churn(); // collections: numbers and text are dead
        System.gc();
        inspect();
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        work();
    }
}
