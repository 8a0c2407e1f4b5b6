// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: a class with no instance when version 2 adds fields that do not fit
// its slack nor its cells: it grows.
class EfNone {
    Object a;
    String describe() { return "v1 a=" + a; }
}
