// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1 of the class RedefineEvents redefines while run's frame is active.
public class Ev {
    static int run(Runnable r) {
        int a = 1;
        r.run();
        a += 2;
        return a * 10;
    }
}
