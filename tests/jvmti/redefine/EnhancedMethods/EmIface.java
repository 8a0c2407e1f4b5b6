// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: an interface whose version 2 adds a default method and deletes one.
interface EmIface {
    default String hello() { return "hello1"; }
    default String gone() { return "gone"; }
}
