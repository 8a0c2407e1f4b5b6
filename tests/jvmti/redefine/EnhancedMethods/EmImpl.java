// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: an implementor of EmIface; its itable grows with the interface.
class EmImpl implements EmIface {
    String own() { return "own"; }
}
