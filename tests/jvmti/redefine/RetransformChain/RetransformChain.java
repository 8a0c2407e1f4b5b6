// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The ClassFileLoadHook chain of a definition, a RetransformClasses and a RedefineClasses
// with four environments, A and C retransformation-incapable, B and D capable, created
// in that order. Each hook prints the marker it was given and writes its letter into it.
// Definition and redefinition: A, C, then B, D, each seeing its predecessor's result,
// with class_being_redefined for the redefinition. Retransformation: only B and D,
// starting from the bytes A and C produced at the last (re)definition, which the VM kept
// because B changed them afterwards.
public class RetransformChain {
    static native void retransform(Class<?> c);
    static native void redefine(Class<?> c, byte[] bytes);
    /** The capable environments' letters from now on (lower case after the first time). */
    static native void nextRound();

    public static void main(String[] args) {
        System.out.println("tag: " + ChainTarget.tag());
        nextRound();
        retransform(ChainTarget.class);
        System.out.println("tag after retransforming: " + ChainTarget.tag());
        retransform(ChainTarget.class);
        System.out.println("tag after retransforming again: " + ChainTarget.tag());
        redefine(ChainTarget.class, Redef.bytesOf(ChainTarget.class));
        System.out.println("tag after redefining: " + ChainTarget.tag());
        retransform(ChainTarget.class);
        System.out.println("tag after retransforming: " + ChainTarget.tag());
    }
}
