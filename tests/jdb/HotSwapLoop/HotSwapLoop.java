// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// HotSwap while a loop runs (see session): the loop's method does not change, so its
// frame goes on in the old version's equal code, and a breakpoint set in it afterwards
// stops that frame (as HotSpot sets it in running equivalent old versions too).
public class HotSwapLoop {
    static int work(int n) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += step(i);
        }
        return sum;
    }

    static int step(int i) {
        return i;
    }

    public static void main(String[] args) {
        System.out.println("sum: " + work(5));
    }
}
