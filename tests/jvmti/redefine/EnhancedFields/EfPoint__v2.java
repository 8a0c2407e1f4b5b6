// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfPoint adds an instance field.
class EfPoint__v2 {
    int x;
    int y;
    EfPoint__v2(int x) { this.x = x; }
    String describe() { return "v2 x=" + x + " y=" + y; }
    void setY(int v) { y = v; }
}
