// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedStress: a subclass with its own virtual method, whose vtable slot moves each time
// EsBase gains or loses a virtual method.
class EsSub extends EsBase {
    int own() { return 7; }
}
