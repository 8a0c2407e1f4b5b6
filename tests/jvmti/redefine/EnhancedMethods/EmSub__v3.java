// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 3 of EmSub deletes its override of id(): calls resolved to the
// override reach EmBase's id() again.
class EmSub__v3 extends EmBase {
    String subOnly() { return "sub-only3"; }
    String addedVirtual() { return "added-virtual-sub"; }
}
