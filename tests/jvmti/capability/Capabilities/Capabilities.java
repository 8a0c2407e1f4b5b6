// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetPotentialCapabilities, AddCapabilities, RelinquishCapabilities, GetCapabilities.
public class Capabilities {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
    }
}
