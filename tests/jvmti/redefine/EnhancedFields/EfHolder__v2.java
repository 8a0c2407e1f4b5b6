// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfHolder adds five reference fields, 40 bytes (refused:
// more than the slack, and instances cannot grow).
class EfHolder__v2 {
    Object a;
    Object b, c, d, e, f;
}
