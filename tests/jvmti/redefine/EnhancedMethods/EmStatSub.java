// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 1 inherits who() and greet().
class EmStatSub extends EmStatBase {
}
