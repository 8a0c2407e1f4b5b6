// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Debugger watchpoints (see session): a field's modifications and reads stop the program.
public class Watch {
    int count;
    static String label = "start";

    void bump() {
        count = count + 1;
    }

    public static void main(String[] args) {
        Watch w = new Watch();
        w.bump();
        w.bump();
        label = "middle";
        w.bump();
        label = "end";
        System.out.println(label + " " + w.count);
    }
}
