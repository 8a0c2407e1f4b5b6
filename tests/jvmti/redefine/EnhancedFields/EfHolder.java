// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: 24 bytes of instance, 32 bytes of slack, in 56-byte cells: no room for
// five more references.
class EfHolder {
    Object a;
}
