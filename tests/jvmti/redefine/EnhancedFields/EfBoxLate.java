// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: a subclass of EfBox first loaded after version 2 put fields in EfBox's
// slack: its own field lies past them.
class EfBoxLate extends EfBox {
    long own;
    EfBoxLate(int id, long own) { super(id); this.own = own; }
    String late() { return "own=" + own; }
}
