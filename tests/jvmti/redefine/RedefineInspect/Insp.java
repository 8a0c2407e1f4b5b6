// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1 of the class RedefineInspect redefines (Insp__v2.java is version 2).
public class Insp {
    static int counter = 11;
    int value = 3;

    static int calc(int a) {
        return a * 2 + 1;
    }

    // r redefines this class: the rest of this frame runs version 1's code, obsolete.
    static int work(int a, Runnable r) {
        int doubled = a * 2;
        r.run();
        return doubled + 1;
    }

    static String npe(String s, String t) {
        return s.trim();
    }

    static String mark() {
        return "v1 marker";
    }
}
