// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The debuggee of JdbRedefine (JdbDeb__v2 is the version jdb's redefine installs).
public class JdbDeb {
    static int compute(int x) {
        int y = x + 1;
        return y * 10;
    }

    public static void main(String[] args) {
        System.out.println("first: " + compute(1));
        System.out.println("second: " + compute(2));
    }
}
