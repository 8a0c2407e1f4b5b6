// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The version EnhancedHotSwap's session installs (renamed by the driver): a static field
// and a static method added (after main, so that compute and main keep their lines),
// compute calling them. The method's running frame keeps the old code; the next calls
// count in the new field, which starts at 0 (no initializer runs).
public class EnhancedHotSwap__v2 {
    static int compute(int x) {
        int y = x + 1;
        return scale(y) + calls;
    }

    public static void main(String[] args) {
        System.out.println("first: " + compute(1));
        System.out.println("second: " + compute(2));
        System.out.println("third: " + compute(3));
    }

    static int calls;

    static int scale(int y) {
        calls++;
        return y * 100;
    }
}
