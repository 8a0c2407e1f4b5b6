// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 2 of EmIface: hello() calls an added default method, gone()
// is deleted, an abstract method is added.
interface EmIface__v2 {
    default String hello() { return "hello2 " + extra(); }
    default String extra() { return "extra"; }
    String need(); // abstract: EmImpl has none
}
