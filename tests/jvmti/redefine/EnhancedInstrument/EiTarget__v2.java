// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedInstrument: version 2 of EiTarget adds an instance field, a static field, a
// virtual method and a static method.
class EiTarget__v2 {
    String name;
    int hits;
    static int calls;
    EiTarget__v2(String name) { this.name = name; }
    String describe() { return "v2 " + name + " hits=" + hits; }
    String greet(String who) { hits++; calls++; return "hello " + who + " from " + name + " (" + hits + ")"; }
    static int total() { return calls; }
}
