// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 2 of EmSub overrides the method EmBase's version 2 added.
class EmSub__v2 extends EmBase {
    @Override int id() { return 20 + super.id(); }
    String subOnly() { return "sub-only2"; }
    String addedVirtual() { return "added-virtual-sub"; }
}
