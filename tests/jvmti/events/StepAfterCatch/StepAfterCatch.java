// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// SingleStep at and after an exception handler (agent.c).
public class StepAfterCatch {
    static int sink;

    static native void mode(int m);

    static void thrower() {
        throw new IllegalStateException("x");
    }

    static void caught() {
        try {
            thrower();
        } catch (IllegalStateException e) {
            sink++;
        }
        sink += 2;
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        for (int m = 1; m <= 5; m++) {
            mode(m);
            caught();
            mode(0);
        }
        System.out.println("sink " + sink);
    }
}
