// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// An interface with a default and a static method, redefined; implementors call the
// default through the itable.
public interface KIface {
    int base();

    default String shout() {
        return "default v1 " + base();
    }

    static String util() {
        return "static v1";
    }
}
