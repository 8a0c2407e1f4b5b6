// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Events from a frame whose method became obsolete while it ran: SingleStep (the old
// code's locations), FramePop and MethodExit (with the old code's return value), each
// naming the obsolete method; then the same events from a call of the new version.
public class RedefineEvents {
    static native int redefine(Class<?> c, byte[] bytes);
    /** Requests a FramePop of the frame two below and turns single stepping on. */
    static native void watch();
    static native void unwatch();

    static final class Redefiner implements Runnable {
        final byte[] bytes;

        Redefiner(byte[] bytes) {
            this.bytes = bytes;
        }

        public void run() {
            if (bytes != null) System.out.println("redefine: " + redefine(Ev.class, bytes));
            watch();
        }
    }

    public static void main(String[] args) {
        byte[] v2 = Redef.versionOf("Ev", "v2");
        int r = Ev.run(new Redefiner(v2));
        unwatch();
        System.out.println("old frame returned " + r);
        r = Ev.run(new Redefiner(null));
        unwatch();
        System.out.println("new call returned " + r);
    }
}
