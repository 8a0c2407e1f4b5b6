// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 2: run changed (and moved down), same unchanged.
public class Sw__v2 {

    static String run(Runnable r) {
        r.run();
        return RedefineStackWalk.walk("version 2");
    }

    static String same(Runnable r) {
        r.run();
        return "same";
    }
}
