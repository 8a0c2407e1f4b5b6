// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Many breakpoints set, cleared and set again in one method (see agent.c): every
// instruction still does its work under its breakpoint, before and after it is quickened.
public class BreakpointTable {
    static native void phase(int n);
    static native void report(String what);

    int f;
    static long total;
    static String text = "x";

    static int work(BreakpointTable o, int k) {
        int s = 0;
        for (int i = 0; i < 3; i++) {
            o.f += i * k;
            s += o.f ^ i;
            total += s;
        }
        text = text.length() > 20 ? "y" : text + k;
        return s + text.length();
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        BreakpointTable o = new BreakpointTable();
        String[] what = {"every instruction", "every other cleared", "all set again", "all cleared"};
        for (int p = 0; p < what.length; p++) {
            System.gc(); // a safepoint: tables the breakpoint table replaced may go
            phase(p);
            int r = work(o, p + 1);
            report(what[p] + ": result " + r + " f " + o.f + " total " + total + " text " + text);
        }
    }
}
