// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// An enum with constant-specific bodies (KEnum$1, KEnum$2: not redefined) and a switch
// on strings.
public enum KEnum {
    A {
        String who() { return "A"; }
    },
    B {
        String who() { return "B"; }
    };

    abstract String who();

    String label() {
        return "enum v1 " + who() + " " + ordinal();
    }

    static int code(String s) {
        switch (s) {
        case "one": return 1;
        case "two": return 2;
        default: return 0;
        }
    }
}
