// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JniRefs: JNI global and weak global references made and deleted by native code.
public class Main {
    static native void refs(Object o);

    public static void main(String[] args) {
        System.loadLibrary("jvmpitest");
        refs(new StringBuilder("x"));
        System.out.println("done");
    }
}
