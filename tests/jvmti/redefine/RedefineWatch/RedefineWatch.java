// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Field watches set while a frame runs an obsolete method (see agent.c): the old code's
// field instructions, linked before the redefinition, report their accesses too; then the
// new code's do.
public class RedefineWatch {
    static native int redefine(Class<?> c, byte[] bytes);
    static native void watch(Class<?> c);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        byte[] v2 = Redef.versionOf("Target", "v2");
        Target t = new Target();
        int r = Target.run(t, () -> {
            System.out.println("redefine: " + redefine(Target.class, v2));
            watch(Target.class);
        });
        System.out.println("old frame: " + r + " value " + t.value);
        System.out.println("new code: " + Target.run(t, () -> System.out.println("hook")) + " value " + t.value);
        System.out.println("counter " + Target.counter);
    }
}
