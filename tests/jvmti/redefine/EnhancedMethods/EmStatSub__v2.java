// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 2 of EmStatSub declares who() (hiding EmStatBase's) and
// greet() (overriding it).
class EmStatSub__v2 extends EmStatBase {
    static String who() { return "sub"; }
    String greet() { return "sub-greet"; }
}
