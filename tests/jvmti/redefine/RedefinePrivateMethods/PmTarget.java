// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1 of the class RedefinePrivateMethods redefines; PmTarget__v2 adds a lambda
// and private methods and deletes twice().
public class PmTarget {
    static String run() {
        return helper() + " " + twice(3);
    }

    private static String helper() {
        return "helper v1";
    }

    private static int twice(int x) {
        return 2 * x;
    }

    // r redefines the class; this old code then calls twice() again: a resolved call (the
    // first) and an unresolved one (in the catch block) of a method that is gone.
    static String callsTwiceAfter(Runnable r) {
        int a = twice(1);
        r.run();
        try {
            a += twice(5);
        } catch (NoSuchMethodError e) {
            return "after: " + e + " / " + twiceAgain();
        }
        return "after: no error, " + a;
    }

    static String twiceAgain() {
        try {
            return "again " + twice(7);
        } catch (NoSuchMethodError e) {
            return "again: " + e;
        }
    }
}
