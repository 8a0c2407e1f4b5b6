// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public enum KEnum__v2 {
    A {
        String who() { return "A"; }
    },
    B {
        String who() { return "B"; }
    };

    abstract String who();

    String label() {
        return "enum v2 " + name().toLowerCase() + who();
    }

    static int code(String s) {
        switch (s) {
        case "one": return 11;
        case "three": return 33;
        default: return -1;
        }
    }
}
