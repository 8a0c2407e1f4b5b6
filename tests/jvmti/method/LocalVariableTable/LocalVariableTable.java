// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetLocalVariableTable without can_access_local_variables, and outside the live phase.
// (The tables themselves: tests/unit/test_jvmti_method.c and, with the capability,
// tests/jvmti/local/LocalTable.)
public class LocalVariableTable {
    static native void live();

    static int withLocals(int a) {
        int b = a * 2;
        return b + 1;
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
        System.out.println("done " + withLocals(3));
    }
}
