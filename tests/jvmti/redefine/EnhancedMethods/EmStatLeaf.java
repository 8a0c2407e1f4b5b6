// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: a super call naming EmStatSub, resolved to EmStatBase.greet() before
// EmStatSub declares one.
class EmStatLeaf extends EmStatSub {
    String greet() { return "leaf+" + super.greet(); }
}
