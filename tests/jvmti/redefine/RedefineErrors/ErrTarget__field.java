// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget with a field added: UNSUPPORTED_REDEFINITION_SCHEMA_CHANGED.
public class ErrTarget__field implements Runnable {
    int field;
    long other;
    public static int value() { return 2; }
    public void run() { }
    public int plain() { return 3; }
    static int verifyMe() { return 0x1234; }
    private static int priv() { return 4; }
}
