// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Debugger pop and force-return (see session).
public class PopReturn {
    static int calls;

    static int twice(int x) {
        calls++;
        return x * 2;
    }

    public static void main(String[] args) {
        int a = twice(10);
        int b = twice(20);
        System.out.println("a=" + a + " b=" + b + " calls=" + calls);
    }
}
