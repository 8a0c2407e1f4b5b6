// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1: references in locals 1-3 and on the operand stack across r.run(), which
// redefines the class and collects the heap many times.
public class Gc {
    static String hold(Runnable r, int n) {
        StringBuilder sb = new StringBuilder("kept-");
        int[] arr = new int[1000];
        arr[999] = n;
        Object o = new Object[] {"inner", sb};
        sb.append(n);
        return join(sb.toString(), call(r), arr[999], ((Object[]) o)[0]);
    }

    static String call(Runnable r) {
        r.run();
        return "ran";
    }

    static String join(String a, String b, int c, Object d) {
        return a + " " + b + " " + c + " " + d;
    }
}
