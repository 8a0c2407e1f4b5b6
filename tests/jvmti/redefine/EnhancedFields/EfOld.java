// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 1 of a class whose version 2 deletes an instance field.
class EfOld {
    int x = 1;
    int gone = 2;
    String describe() { return "v1 x=" + x + " gone=" + gone; }
}
