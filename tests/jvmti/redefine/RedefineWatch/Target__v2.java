// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// RedefineWatch's new version of Target: run() changed (so a frame of the old one runs
// an obsolete method).
class Target__v2 {
    int value;
    static int counter;

    static int run(Target__v2 t, Runnable hook) {
        int s = 1000;
        for (int i = 0; i < 5; i++) {
            if (i == 2) hook.run();
            s += t.value;
            t.value = i + 20;
            counter++;
        }
        return s;
    }
}
