// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class CcA__v2 {
    static long counter;

    static int version() {
        return 2;
    }

    static synchronized void inc() {
        long c = counter;
        counter = c + 1;
    }
}
