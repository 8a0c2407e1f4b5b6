// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Ev__v2 {
    static int run(Runnable r) {
        int a = 5;
        r.run();
        a += 7;
        return a * 100;
    }
}
