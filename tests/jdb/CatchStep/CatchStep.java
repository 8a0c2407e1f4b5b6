// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Debuggee of the jdb/CatchStep session: steps that end in a catch handler (the line
// numbers of this file are used by `session`: keep them).
public class CatchStep {
    static int sink;

    static void fail(int x) {
        if (x > 0) throw new IllegalArgumentException("x");
        sink += x;
    }

    static int caught(int x) {
        int r = 0;
        try {
            fail(x);
            r = 1;
        } catch (IllegalArgumentException e) {
            r = 2;
            sink++;
        }
        return r;
    }

    public static void main(String[] args) {
        int a = caught(1);
        int b = caught(2);
        int c = caught(3);
        int d = caught(0);
        System.out.println("results " + a + " " + b + " " + c + " " + d + " " + sink);
    }
}
