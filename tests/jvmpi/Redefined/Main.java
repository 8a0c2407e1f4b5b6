// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Redefined: Target is redefined while Target.run's frame runs it (so its old version is
// kept; the agent looks at the call trace then), then again after that frame returned
// (the old version is freed), then the heap is collected (old versions are swept there
// too).
import java.io.InputStream;

public class Main {
    static native int redefine(Class<?> c, byte[] bytes);
    static native void trace();

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jvmpitest");
        byte[] b;
        try (InputStream in = Main.class.getResourceAsStream("/Target.class")) {
            b = in.readAllBytes();
        }
        int r = Target.run(() -> {
            System.out.println("RedefineClasses while Target.run runs: " + redefine(Target.class, b));
            trace();
        });
        System.out.println("Target.run returned " + r);
        System.out.println("RedefineClasses again: " + redefine(Target.class, b));
        System.gc();
        System.out.println("RedefineClasses again: " + redefine(Target.class, b));
    }
}
