// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// RedefineWatch's class: run() links its field instructions, calls the hook (which
// redefines this class and sets the watches), then uses the field again in its old code.
class Target {
    int value;
    static int counter;

    static int run(Target t, Runnable hook) {
        int s = 0;
        for (int i = 0; i < 5; i++) {
            if (i == 2) hook.run();
            s += t.value;
            t.value = i;
            counter++;
        }
        return s;
    }
}
