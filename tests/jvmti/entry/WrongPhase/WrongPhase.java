// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI_ERROR_WRONG_PHASE in the OnLoad, live and dead phases.
public class WrongPhase {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
    }
}
