// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: a subclass of EmBase; its own virtual method's vtable slot follows
// EmBase's, which grows when version 2 adds a virtual method.
class EmSub extends EmBase {
    @Override int id() { return 10 + super.id(); }
    String subOnly() { return "sub-only"; }
}
