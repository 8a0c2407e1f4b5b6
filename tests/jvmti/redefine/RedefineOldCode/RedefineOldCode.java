// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// An obsolete frame resolving its old constants after the redefinition (Old.java): each
// instruction finds the old version's pool, while the calls it makes and the fields it
// uses are the class's (new code, kept values). A NullPointerException raised there has
// no helpful message (its bci is the old code's), as on HotSpot.
public class RedefineOldCode {
    static native int redefine(Class<?> c, byte[] bytes);

    public static void main(String[] args) {
        byte[] v2 = Redef.versionOf("Old", "v2");
        System.out.println("old frame: " + Old.go(() -> System.out.println("redefine: " + redefine(Old.class, v2))));
        System.out.println("new code: " + Old.go(() -> { }));
        System.out.println("counter " + Old.counter);
    }
}
