// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI calls from a native thread that is not attached to the VM.
public class Unattached {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
    }
}
