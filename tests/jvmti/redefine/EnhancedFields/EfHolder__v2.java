// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfHolder adds a reference field (refused: instances
// cannot grow).
class EfHolder__v2 {
    Object a;
    Object b;
}
