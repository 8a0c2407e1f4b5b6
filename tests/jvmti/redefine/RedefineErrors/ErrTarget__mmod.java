// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget whose plain() became synchronized: UNSUPPORTED_REDEFINITION_METHOD_MODIFIERS_CHANGED.
public class ErrTarget__mmod implements Runnable {
    int field;
    public static int value() { return 2; }
    public void run() { }
    public synchronized int plain() { return 3; }
    static int verifyMe() { return 0x1234; }
    private static int priv() { return 4; }
}
