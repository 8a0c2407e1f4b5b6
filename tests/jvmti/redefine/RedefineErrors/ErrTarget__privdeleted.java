// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget without its private static method: UNSUPPORTED_REDEFINITION_METHOD_DELETED.
public class ErrTarget__privdeleted implements Runnable {
    int field;
    public static int value() { return 2; }
    public void run() { }
    public int plain() { return 3; }
    static int verifyMe() { return 0x1234; }
}
