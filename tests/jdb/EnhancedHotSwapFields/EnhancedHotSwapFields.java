// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// HotSwap that adds instance fields through JDI, with -XX:+AllowEnhancedClassRedefinition
// (GlassVM only; see session and expected): stopped in pause, the debugger installs a
// version of EhfCounter that adds three instance fields to a class with a live instance;
// that instance's later calls use them, starting from their default values.
public class EnhancedHotSwapFields {
    static void pause() {
    }

    public static void main(String[] args) {
        EhfCounter c = new EhfCounter("c");
        System.out.println(c.add(1));
        pause();
        System.out.println(c.add(2));
        System.out.println(c.add(3));
        EhfCounter d = new EhfCounter("d");
        System.out.println(d.add(4));
    }
}
