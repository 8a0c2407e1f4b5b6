// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The second version of Target: other bodies (so frames running the first become
// obsolete), same shape and same results of spin.
public class Target__v2 {
    static int step(int i) {
        int r = i % 7;
        return r;
    }

    long spin(int n) {
        long s = 0;
        int i = 0;
        while (i < n) {
            s += step(i) + 1;
            i++;
        }
        return s;
    }

    int version() {
        return 2;
    }
}
