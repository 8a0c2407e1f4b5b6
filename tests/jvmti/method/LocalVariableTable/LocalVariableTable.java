// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetLocalVariableTable without can_access_local_variables, and outside the live phase.
// (The tables themselves: tests/unit/test_jvmti_method.c. GlassVM does not offer the
// capability yet, since it also enables GetLocal<Type>/SetLocal<Type>; HotSpot does, so
// an agent-level test of the tables could not print the same on both VMs.)
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
