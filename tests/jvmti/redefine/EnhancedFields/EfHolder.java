// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: 24 bytes of instance in 24-byte cells: no room for another field.
class EfHolder {
    Object a;
}
