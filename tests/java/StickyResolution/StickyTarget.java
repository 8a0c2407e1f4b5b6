// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class StickyResolution's loader refuses at first.
public class StickyTarget {
    public static int count = 7;
    public int value = 3;

    public static String hello() {
        return "hello";
    }
}
