// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1 of a class RedefineConcurrent redefines from several threads at once.
public class CcB {
    static long counter;

    static int version() {
        return 1;
    }

    static synchronized void inc() {
        counter++;
    }
}
