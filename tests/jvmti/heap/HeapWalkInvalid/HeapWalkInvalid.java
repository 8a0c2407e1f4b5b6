// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// FollowReferences / IterateThroughHeap: invalid arguments, no callbacks (agent.c).
public class HeapWalkInvalid {
    static native void makeWeak();

    static native boolean weakCleared();

    static native void walk(Object obj, Class<?> prim);

    static Object sink;

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        makeWeak();
        boolean cleared = false;
        for (int i = 0; i < 50 && !cleared; i++) {
            for (int j = 0; j < 1000; j++) sink = new int[16];
            System.gc();
            cleared = weakCleared();
        }
        System.out.println("weak reference cleared: " + cleared);
        walk(new int[] {1, 2}, int.class);
    }
}
