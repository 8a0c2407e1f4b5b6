// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// PopFrame after collections re-executes the invoke with arguments the popped method
// no longer read (see agent.c).
public class PopFrameAfterGc {
    static native void setup();

    static long sink;
    static int calls;

    static void churn() {
        for (int i = 0; i < 2000; i++) sink += new byte[32 * 1024].length;
    }

    static long callee(int[] numbers, String text) {
        long sum = calls++;
        for (int i = 0; i < numbers.length; i++) sum += numbers[i];
        sum += text.length();
        churn(); // collections: numbers and text are not read again
        return sum; // breakpoint: popped the first time
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        setup();
        int[] numbers = new int[100_000];
        for (int i = 0; i < numbers.length; i++) numbers[i] = i;
        long r = callee(numbers, new StringBuilder("an argument ").append("nobody else holds").toString());
        System.out.println("calls " + calls + ", result " + r);
    }
}
