// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Debuggee of the jdb/Basics session: breakpoints, stepping, frames, locals (the line
// numbers of this file are used by `session`: keep them).
public class Basics {
    static int square(int x) {
        int y = x * x;
        return y;
    }

    static String describe(long big, double d, String s, int[] a) {
        String r = s + big + ":" + d + ":" + a.length;
        return r;
    }

    static int sum(int n) {
        int total = 0;
        for (int i = 1; i <= n; i++) {
            total += square(i);
        }
        return total;
    }

    public static void main(String[] args) {
        int n = 3;
        int t = sum(n);
        System.out.println("sum " + t);
        String d = describe(1L << 40, 2.5, "v", new int[] {1, 2, 3});
        System.out.println(d);
        int changed = 10;
        System.out.println("changed " + changed);
    }
}
