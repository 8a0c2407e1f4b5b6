// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Debuggee of the jdb/DeadLocals session: locals the method never reads again (filled by
// a loop, or assigned and left), shown by the debugger after collections. A debugger
// (the JDWP agent has can_access_local_variables) sees every local as the bytecode left
// it, as on HotSpot. The line numbers are used by `session`: keep them.
public class DeadLocals {
    static long sink;

    static void work(String label) {
        int[] numbers = new int[10];
        for (int i = 0; i < numbers.length; i++) numbers[i] = i;
        String text = label + " and more";
        for (int round = 0; round < 200; round++) sink += new byte[64 * 1024].length;
        System.gc();
        sink++;
    }

    public static void main(String[] args) {
        work("a label");
        System.out.println("done");
    }
}
