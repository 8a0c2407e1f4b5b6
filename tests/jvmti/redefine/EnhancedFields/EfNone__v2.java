// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfNone adds three fields.
class EfNone__v2 {
    Object a;
    Object b;
    long c;
    short d;
    String describe() { return "v2 a=" + a + " b=" + b + " c=" + c + " d=" + d; }
    void fill() { b = "bee"; c = -1L; d = 300; }
}
