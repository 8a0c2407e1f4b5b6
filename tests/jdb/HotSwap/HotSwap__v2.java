// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The new version HotSwap's session installs (renamed to HotSwap by the driver), line
// for line where HotSwap has its code.
public class HotSwap__v2 {
    static int compute(int x) {
        int y = x + 1;
        return y * 100;
    }

    static int other(int x) {
        return compute(x) + 2;
    }

    public static void main(String[] args) {
        System.out.println("first: " + compute(1));
        System.out.println("second: " + other(2));
        System.out.println("third: " + compute(3));
    }
}
