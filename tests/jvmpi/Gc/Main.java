// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Gc: 300 objects that die with their thread, RunGC, and collections held off by
// DisableGC (nested) until the last EnableGC.
public class Main {
    static native void runGC();
    static native void disable();
    static native void enable();
    static native int gcCount();

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jvmpitest");
        Thread t = new Thread(new Runnable() {
            public void run() {
                Junk[] local = new Junk[300];
                for (int i = 0; i < local.length; i++) local[i] = new Junk();
            }
        });
        t.start();
        t.join();
        runGC();
        disable();
        disable();
        Thread c = new Thread(new Runnable() {
            public void run() {
                System.gc();
            }
        });
        int start = gcCount();
        c.start();
        Thread.sleep(300);
        int held = gcCount();
        enable();
        Thread.sleep(300);
        int stillHeld = gcCount();
        enable();
        c.join();
        int after = gcCount();
        System.out.println("collections while held: " + (held - start) + ", after one EnableGC: " + (stillHeld - start)
                           + ", after the last: " + (after - start));
    }
}

class Junk {
    long a, b;
}
