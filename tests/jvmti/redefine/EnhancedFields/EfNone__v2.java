// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfNone adds six fields, 42 bytes.
class EfNone__v2 {
    Object a;
    Object b;
    long c;
    short d;
    Object e;
    long f;
    Object g;
    String describe() { return "v2 a=" + a + " b=" + b + " c=" + c + " d=" + d + " e=" + e + " f=" + f + " g=" + g; }
    void fill() { b = "bee"; c = -1L; d = 300; e = "ee"; f = 1L << 50; g = "gee"; }
}
