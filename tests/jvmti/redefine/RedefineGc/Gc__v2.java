// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 2: the same slots hold ints and longs.
public class Gc__v2 {
    static String hold(Runnable r, int n) {
        long x = n * 3L;
        int y = n + 1;
        call(r);
        return "v2 " + x + " " + y;
    }

    static String call(Runnable r) {
        r.run();
        return "ran v2";
    }

    static String join(String a, String b, int c, Object d) {
        return "v2 " + a + b + c + d;
    }
}
