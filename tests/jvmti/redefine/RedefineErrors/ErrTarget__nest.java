// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget with a nested class (a NestMembers attribute): UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED.
public class ErrTarget__nest implements Runnable {
    int field;
    public static int value() { return 2; }
    public void run() { }
    public int plain() { return 3; }
    static int verifyMe() { return 0x1234; }
    static class Inner { }
    private static int priv() { return 4; }
}
