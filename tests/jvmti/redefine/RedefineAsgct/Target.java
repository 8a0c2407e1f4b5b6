// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class RedefineAsgct redefines while it is sampled (Target__v2 is the other version).
public class Target {
    static int step(int i) {
        return i % 7;
    }

    long spin(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) s += step(i) + 1;
        return s;
    }

    int version() {
        return 1;
    }
}
