// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 1 of a class whose version 2 adds and deletes static fields.
class EfStatics {
    static int removed = 5;
    static int kept = 3;
    static String describe() { return "v1 kept=" + kept + " removed=" + removed; }
}
