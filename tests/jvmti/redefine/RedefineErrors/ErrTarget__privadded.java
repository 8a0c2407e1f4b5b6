// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ErrTarget with a private static method added: UNSUPPORTED_REDEFINITION_METHOD_ADDED (HotSpot 17
// allows it only with -XX:+AllowRedefinitionToAddDeleteMethods).
public class ErrTarget__privadded implements Runnable {
    int field;
    public static int value() { return 2; }
    public void run() { }
    public int plain() { return 3; }
    static int verifyMe() { return 0x1234; }
    private static int priv() { return 4; }
    private static int priv2() { return 5; }
}
