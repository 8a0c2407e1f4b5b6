// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget with a method added: UNSUPPORTED_REDEFINITION_METHOD_ADDED.
public class ErrTarget__added implements Runnable {
    int field;
    public static int value() { return 2; }
    public void run() { }
    public int plain() { return 3; }
    static int verifyMe() { return 0x1234; }
    public void extra() { }
    private static int priv() { return 4; }
}
