// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedStress: version 1 (and 3, 5, ...) of the class the threads call.
class EsBase implements EsIface {
    int value() { return 1; }
    public int viaIface() { return 10; }
    static int stat() { return 100; }
}
