// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI SetNativeMethodPrefix(es): native methods wrapped the way class-file transformers
// wrap them (the wrappers are written out by hand here) resolve to the implementation of
// the unwrapped name, both by automatic resolution (first call) and by RegisterNatives.
// Prefixes, in application order: env1 "a_" and "b_" (SetNativeMethodPrefixes), env2
// "c_" (SetNativeMethodPrefix). Each implementation returns its own number.
public class NativePrefix {
    // One layer: foo -> native a_foo, implemented as Java_NativePrefix_foo (1).
    static int foo() { return a_foo(); }
    static native int a_foo();

    // Three layers: bar -> a_bar -> b_a_bar -> native c_b_a_bar, implemented as bar (2).
    static int bar() { return a_bar(); }
    static int a_bar() { return b_a_bar(); }
    static int b_a_bar() { return c_b_a_bar(); }
    static native int c_b_a_bar();

    // Only env2 wrapped it: baz -> native c_baz, implemented as baz (3).
    static int baz() { return c_baz(); }
    static native int c_baz();

    // Instance method with arguments, two layers skipping b_: qux -> a_qux -> c_a_qux (4 + x).
    int qux(int x, String s) { return a_qux(x, s); }
    int a_qux(int x, String s) { return c_a_qux(x, s); }
    native int c_a_qux(int x, String s);

    // The prefixed name has an implementation of its own: standard resolution wins (5).
    static int own() { return a_own(); }
    static native int a_own();

    // No wrapper of the stripped name exists: unresolvable.
    static native int a_lonely();

    // The stripped name is native, not a wrapper: unresolvable.
    static native int b_twin();
    static native int twin();

    // For RegisterNatives: reg -> native a_reg; reg2 -> b_reg2 -> c_b_reg2; plain is not
    // native and nothing wraps it.
    static int reg() { return a_reg(); }
    static native int a_reg();
    static int reg2() { return b_reg2(); }
    static int b_reg2() { return c_b_reg2(); }
    static native int c_b_reg2();
    static int plain() { return 0; }

    // Resolved only after the prefixes were cleared.
    static int late() { return a_late(); }
    static native int a_late();

    static native void registerAll();
    static native void clearPrefixes();

    static void call(String what, java.util.function.IntSupplier f) {
        try {
            System.out.println(what + " = " + f.getAsInt());
        } catch (Throwable t) {
            System.out.println(what + " threw " + t.getClass().getName());
        }
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        call("foo", NativePrefix::foo);
        call("bar", NativePrefix::bar);
        call("baz", NativePrefix::baz);
        call("qux", () -> new NativePrefix().qux(40, "x"));
        call("own", NativePrefix::own);
        call("a_lonely", NativePrefix::a_lonely);
        call("b_twin", NativePrefix::b_twin);
        registerAll();
        call("reg", NativePrefix::reg);
        call("reg2", NativePrefix::reg2);
        clearPrefixes();
        call("late", NativePrefix::late);
    }
}
