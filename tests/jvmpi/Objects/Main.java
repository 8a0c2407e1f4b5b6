// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Objects: allocations of known classes, sizes and counts on every path (bytecode new,
// newarray, anewarray, multianewarray, reflection, clone, JNI AllocObject,
// Array.newInstance, a string literal the VM interns, a class mirror the VM makes).
import java.lang.reflect.Array;

public class Main {
    static native Object jniAlloc(Class<?> c);
    static native void request(Object o);

    static Object[] keep = new Object[600];

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jvmpitest");
        int k = 0;
        for (int i = 0; i < 500; i++) keep[k++] = new Blob();
        for (int i = 0; i < 5; i++) keep[k++] = Blob.class.getDeclaredConstructor().newInstance();
        Blob b = new Blob();
        for (int i = 0; i < 2; i++) keep[k++] = b.clone();
        for (int i = 0; i < 3; i++) keep[k++] = jniAlloc(Blob.class);
        for (int i = 0; i < 3; i++) keep[k++] = new int[1234];
        keep[k++] = new boolean[333];
        keep[k++] = new char[555];
        keep[k++] = new double[777];
        for (int i = 0; i < 2; i++) keep[k++] = new Blob[4];
        keep[k++] = Array.newInstance(Blob.class, 4);
        keep[k++] = new long[2][3];
        keep[k++] = "UniqueLiteral_xyz";
        keep[k++] = new Lazy();
        request(b);
        System.out.println("allocated " + k);
    }
}

class Blob implements Cloneable {
    int a;
    long b;
    Object c;

    public Blob clone() {
        try {
            return (Blob) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);
        }
    }
}

class Lazy {
}
