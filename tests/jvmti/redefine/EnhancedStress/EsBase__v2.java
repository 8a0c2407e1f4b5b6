// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedStress: version 2 (and 4, 6, ...): virtual, static and private methods added,
// which the next odd version deletes again.
class EsBase__v2 implements EsIface {
    int value() { return added() + helper(); }
    int added() { return 1; }
    private int helper() { return 1; }
    public int viaIface() { return 10 * value(); }
    static int stat() { return 100 + addedStatic(); }
    static int addedStatic() { return 100; }
}
