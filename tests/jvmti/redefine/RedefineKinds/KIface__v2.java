// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public interface KIface__v2 {
    int base();

    default String shout() {
        return "default v2 " + (base() + 1000);
    }

    static String util() {
        return "static v2";
    }
}
