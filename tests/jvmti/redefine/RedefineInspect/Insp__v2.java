// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 2 of Insp (renamed to Insp by Redef.versionOf): every method body changed.
public class Insp__v2 {
    static int counter = 99;
    int value = 4;

    static int calc(int a) {
        return a * 3 + 100;
    }

    static int work(int a, Runnable r) {
        int tripled = a * 3;
        int extra = 7;
        r.run();
        return tripled + extra;
    }

    static String npe(String s, String t) {
        return t.strip();
    }

    static String mark() {
        return "v2 marker";
    }
}
