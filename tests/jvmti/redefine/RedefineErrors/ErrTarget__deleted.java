// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget without plain(): UNSUPPORTED_REDEFINITION_METHOD_DELETED.
public class ErrTarget__deleted implements Runnable {
    int field;
    public static int value() { return 2; }
    public void run() { }
    static int verifyMe() { return 0x1234; }
    private static int priv() { return 4; }
}
