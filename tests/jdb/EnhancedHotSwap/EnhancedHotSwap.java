// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// HotSwap that adds a method and a field through JDI, with
// -XX:+AllowEnhancedClassRedefinition (GlassVM only; see session and expected): stopped
// in compute, the debugger installs a version that adds a static method and a static
// field; the running compute finishes as the old code, the next call runs the new one.
public class EnhancedHotSwap {
    static int compute(int x) {
        int y = x + 1;
        return y * 10;
    }

    public static void main(String[] args) {
        System.out.println("first: " + compute(1));
        System.out.println("second: " + compute(2));
        System.out.println("third: " + compute(3));
    }
}
