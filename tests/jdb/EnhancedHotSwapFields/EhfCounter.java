// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedHotSwapFields: the class the debugger redefines (one reference field: its
// instances' 24 bytes of fields fill their heap cells but for the slack).
class EhfCounter {
    String name;

    EhfCounter(String name) {
        this.name = name;
    }

    String add(int x) {
        return name + " added " + x;
    }
}
