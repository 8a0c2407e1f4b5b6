// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// IDE HotSwap through JDI (see session): redefineClasses while stopped in compute, then
// "drop frame" (popFrames) and re-enter compute, which runs the new version.
public class HotSwap {
    static int compute(int x) {
        int y = x + 1;
        return y * 10;
    }

    static int other(int x) {
        return compute(x) + 1;
    }

    public static void main(String[] args) {
        System.out.println("first: " + compute(1));
        System.out.println("second: " + other(2));
        System.out.println("third: " + compute(3));
    }
}
