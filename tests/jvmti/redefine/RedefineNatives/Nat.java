// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1: a native method bound with RegisterNatives, one found by its JNI name, and
// a Java method that calls both.
public class Nat {
    static native int registered(int x);

    static native int byName(int x);

    static String both() {
        return "v1 " + registered(1) + " " + byName(2);
    }
}
