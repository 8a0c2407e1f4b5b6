// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 2 of EmImpl adds five long fields (40 bytes), for which
// neither the 32 bytes of slack nor the 48-byte cell of an instance have room.
class EmImpl__v2 implements EmIface {
    long a, b, c, d, e;
    String own() { return "own"; }
}
