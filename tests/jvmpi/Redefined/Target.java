// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class Redefined's program redefines (to its own bytes) while a frame runs it.
public class Target {
    static int run(Runnable r) {
        r.run();
        return 42;
    }
}
