// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The heap functions and a class that is loaded but not linked: as for HotSpot, its
// mirror reports no static field values (IterateThroughHeap, FollowReferences) and no
// references (superclass, loader, statics, constant pool: FollowReferences) until the
// class is linked; once reflection has linked it (not initialized), it reports them.
public class UnlinkedClass {
    static native void report(String label, Class<?> k);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Class<?> k = Class.forName("Unlinked", false, UnlinkedClass.class.getClassLoader());
        report("loaded", k);
        System.out.println("declared fields: " + k.getDeclaredFields().length);
        report("linked", k);
    }
}

class Unlinked {
    static final int K = 5;          // ConstantValue: set before initialization
    static final long L = 6L;
    static final String S = "seven";
    static Object other = new Object();
}
