// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Debuggee of the jdb/Invoke session: methods invoked by the debugger in a thread stopped
// at a breakpoint (the line numbers are used by `session`: keep them).
public class Invoke {
    int field = 5;
    int calls;

    int calc(int k) {
        calls++;
        return k + field;
    }

    String describe() { return "Invoke(field=" + field + ", calls=" + calls + ")"; }

    static int twice(int x) { return 2 * x; }

    static void fail() { throw new IllegalStateException("from the debugger"); }

    public static void main(String[] args) {
        Invoke o = new Invoke();
        int r = o.calc(3);
        System.out.println("r " + r + ", " + o.describe());
    }
}
