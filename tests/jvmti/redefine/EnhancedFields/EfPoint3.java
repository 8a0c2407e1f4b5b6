// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: a subclass of EfPoint, loaded before the redefinition.
class EfPoint3 extends EfPoint {
    EfPoint3(int x) { super(x); }
}
