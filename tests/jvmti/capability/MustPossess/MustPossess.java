// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Every capability-gated function refuses an environment without its capability.
public class MustPossess {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
    }
}
