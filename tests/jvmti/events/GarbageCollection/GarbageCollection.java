// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GarbageCollectionStart/Finish around System.gc(); a raw monitor used from the callbacks.
public class GarbageCollection {
    static native String report();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        System.out.println("before: " + report());
        System.gc();
        System.out.println("after one: " + report());
        System.gc();
        System.out.println("after two: " + report());
    }
}
