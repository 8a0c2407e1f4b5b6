// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedInstrument: version 1 of the class the agent redefines.
class EiTarget {
    String name;
    EiTarget(String name) { this.name = name; }
    String describe() { return "v1 " + name; }
}
