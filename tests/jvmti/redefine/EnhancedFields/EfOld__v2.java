// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfOld: `gone` deleted.
class EfOld__v2 {
    int x = 1;
    String describe() { return "v2 x=" + x; }
}
