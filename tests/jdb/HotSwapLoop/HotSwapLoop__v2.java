// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// HotSwapLoop with another step(), line for line (work() is the same code).
//
//
public class HotSwapLoop__v2 {
    static int work(int n) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += step(i);
        }
        return sum;
    }

    static int step(int i) {
        return i * 10;
    }

    public static void main(String[] args) {
        System.out.println("sum: " + work(5));
    }
}
