// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassFileLoadHook in the primordial phase: only for an environment holding both
// can_generate_early_class_hook_events and can_generate_all_class_hook_events.
public class EarlyHook {
    static native void report();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        report();
    }
}
