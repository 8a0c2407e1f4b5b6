// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JdbDeb as jdb's redefine command installs it (renamed to JdbDeb), line for line.
public class JdbDeb__v2 {
    static int compute(int x) {
        int y = x + 1;
        return y * 100;
    }

    public static void main(String[] args) {
        System.out.println("first: " + compute(1));
        System.out.println("second: " + compute(2));
    }
}
