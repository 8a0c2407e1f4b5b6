// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: the superclass whose methods calls naming EmStatSub reach until
// EmStatSub's version 2 declares its own.
class EmStatBase {
    static String who() { return "base"; }
    String greet() { return "base-greet"; }
}
