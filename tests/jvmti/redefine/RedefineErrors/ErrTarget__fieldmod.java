// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget whose field became volatile: UNSUPPORTED_REDEFINITION_SCHEMA_CHANGED.
public class ErrTarget__fieldmod implements Runnable {
    volatile int field;
    public static int value() { return 2; }
    public void run() { }
    public int plain() { return 3; }
    static int verifyMe() { return 0x1234; }
    private static int priv() { return 4; }
}
