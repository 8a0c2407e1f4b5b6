// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetTag, SetTag, GetObjectsWithTags and ObjectFree (see agent.c).
public class Tags {
    static native void run(Object a, Object b, Object c);
    static native void tagDead(Object[] objs);
    static native void tagKept(Object o);
    static native void forceGC();
    static native int freedCount();
    static native void report(Object kept);

    static void makeGarbage() {
        Object[] objs = new Object[50];
        for (int i = 0; i < objs.length; i++) objs[i] = new Object();
        tagDead(objs);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Object a = new Object();
        String b = "a string";
        int[] c = new int[3];
        run(a, b, c);
        Object kept = new Object();
        tagKept(kept);
        makeGarbage();
        for (int i = 0; i < 200 && freedCount() == 0; i++) {
            forceGC();
            Thread.sleep(10);
        }
        Thread.sleep(200); // HotSpot posts ObjectFree from its service thread
        report(kept);
        // a and c (tagged by run) must not die: dead locals need not keep them.
        java.lang.ref.Reference.reachabilityFence(a);
        java.lang.ref.Reference.reachabilityFence(c);
    }
}
