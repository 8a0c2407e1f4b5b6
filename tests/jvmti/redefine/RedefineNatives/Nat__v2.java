// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Nat__v2 {
    static native int registered(int x);

    static native int byName(int x);

    static String both() {
        return "v2 " + (registered(10) + byName(20));
    }
}
