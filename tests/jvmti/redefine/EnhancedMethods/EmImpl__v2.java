// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 2 of EmImpl adds an instance field, for which the 16-byte
// cell of an instance has no room.
class EmImpl__v2 implements EmIface {
    int added;
    String own() { return "own"; }
}
