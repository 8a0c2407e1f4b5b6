// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// NativeMethodBind: sent when a native method is bound on its first call and by
// RegisterNatives, on the binding thread; an agent can redirect the binding; a second
// environment sees the first one's redirection; nothing is sent for unresolvable
// methods, for unbinding, or for binding a method to the address it already has.
public class NativeBind {
    static native int twice(int x);      // Java_NativeBind_twice, redirected to thrice
    static native int plain(int x);      // Java_NativeBind_plain, not redirected
    static native int registered();      // bound by RegisterNatives
    static native void missing();        // no implementation anywhere
    static native void registerIt(int which);
    static native void unregisterIt();
    static native void report();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        System.out.println("twice(5) = " + twice(5));
        System.out.println("twice(6) = " + twice(6));
        System.out.println("plain(5) = " + plain(5));
        try {
            missing();
        } catch (UnsatisfiedLinkError e) {
            System.out.println("missing: UnsatisfiedLinkError");
        }
        registerIt(0);
        System.out.println("registered() = " + registered());
        registerIt(1); // the address it is bound to already: no event
        System.out.println("registered() = " + registered());
        registerIt(2);
        System.out.println("registered() = " + registered());
        unregisterIt();
        Thread t = new Thread(() -> System.out.println("plain(7) on a thread = " + plain(7)), "binder");
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
        report();
    }
}
