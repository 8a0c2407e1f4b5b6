// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: a class whose version 2 adds static fields with ConstantValue
// attributes.
class EfConsts {
    static int x = 1;
}
