// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: 20 bytes of instance (header and x) in 24-byte heap cells: version 2's
// int field fits in the padding.
class EfPoint {
    int x;
    EfPoint(int x) { this.x = x; }
    String describe() { return "v1 x=" + x; }
}
