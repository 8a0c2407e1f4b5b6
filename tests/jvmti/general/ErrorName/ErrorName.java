// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetErrorName for every error code, in the OnLoad and live phases.
public class ErrorName {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
    }
}
