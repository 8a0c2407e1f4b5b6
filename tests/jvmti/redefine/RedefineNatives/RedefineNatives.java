// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Native methods of a redefined class stay bound: one bound by RegisterNatives (the
// binding is not found again by name), one linked by its JNI name; then
// UnregisterNatives and a redefinition back.
public class RedefineNatives {
    static native int redefine(Class<?> c, byte[] bytes);
    static native void register(Class<?> c);
    static native void unregister(Class<?> c);

    static String call() {
        try {
            return Nat.both();
        } catch (UnsatisfiedLinkError e) {
            return "UnsatisfiedLinkError " + e.getMessage();
        }
    }

    public static void main(String[] args) {
        register(Nat.class);
        System.out.println("before: " + call());
        System.out.println("redefine: " + redefine(Nat.class, Redef.versionOf("Nat", "v2")));
        System.out.println("after: " + call());
        unregister(Nat.class);
        System.out.println("unregistered: " + call());
        register(Nat.class);
        System.out.println("registered again: " + call());
        System.out.println("redefine back: " + redefine(Nat.class, Redef.bytesOf(Nat.class)));
        System.out.println("back: " + call());
    }
}
