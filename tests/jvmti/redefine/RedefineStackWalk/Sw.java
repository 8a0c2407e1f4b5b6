// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1: run and same are running when RedefineStackWalk redefines the class.
public class Sw {
    static String run(Runnable r) {
        int pad = 1;
        r.run();
        pad++;
        return RedefineStackWalk.walk("after, in version 1 code") + pad;
    }

    static String same(Runnable r) {
        r.run();
        return "same";
    }
}
