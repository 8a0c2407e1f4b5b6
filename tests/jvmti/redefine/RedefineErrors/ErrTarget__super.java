// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget with another superclass: UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED.
public class ErrTarget__super extends java.util.ArrayList<String> implements Runnable {
    int field;
    public static int value() { return 2; }
    public void run() { }
    public int plain() { return 3; }
    static int verifyMe() { return 0x1234; }
    private static int priv() { return 4; }
}
