// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class RedefineErrors tries to redefine; ErrTarget__*.java are the refused versions.
public class ErrTarget implements Runnable {
    int field;

    public static int value() {
        return 1;
    }

    public void run() {
    }

    public int plain() {
        return 3;
    }

    static int verifyMe() {
        return 0x1234;
    }

    private static int priv() {
        return 4;
    }
}
