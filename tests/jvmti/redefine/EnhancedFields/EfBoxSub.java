// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: a subclass of EfBox with a field of its own, loaded before the
// redefinitions.
class EfBoxSub extends EfBox {
    Object tag;
    EfBoxSub(int id, Object tag) { super(id); this.tag = tag; }
    String sub() { return "tag=" + tag; }
}
