// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI Allocate, JNI copies and malloc are interchangeable; ClassFileLoadHook takes
// any of them back as new_class_data (agent.c).
public class HookForeignBuffer {
    static native void mix(int[] ints, String s);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        System.out.println("FromArray says " + FromArray.word());
        System.out.println("FromMalloc says " + FromMalloc.word());
        int[] ints = {1, 2, 3};
        mix(ints, "h\u00e9llo");
        System.out.println("ints[0] = " + ints[0]);
    }
}

class FromArray {
    static String word() { return "before"; }
}

class FromMalloc {
    static String word() { return "before"; }
}
