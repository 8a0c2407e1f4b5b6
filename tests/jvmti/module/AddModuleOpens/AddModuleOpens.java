// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddModuleOpens: java.logging's internal package sun.util.logging.internal is made
// opensed to the unnamed module (qualified: not to everyone); packages not in the module
// (also a package name in internal form) give ILLEGAL_ARGUMENT; an unnamed module's
// update is a no-op that succeeds; objects that are not modules give INVALID_MODULE.
public class AddModuleOpens {
    static native void add(Object module, String pkg, Object toModule);
    static native void nullPointers(Module m, Module to);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Module logging = java.util.logging.Logger.class.getModule();
        Module sql = ModuleLayer.boot().findModule("java.sql").get();
        Module me = AddModuleOpens.class.getModule();
        String pkg = "sun.util.logging.internal";
        System.out.println("isOpen to the unnamed module: " + logging.isOpen(pkg, me));
        add(logging, pkg, me);
        System.out.println("isOpen to the unnamed module: " + logging.isOpen(pkg, me));
        System.out.println("isExported to the unnamed module: " + logging.isExported(pkg, me));
        System.out.println("isOpen to java.sql: " + logging.isOpen(pkg, sql));
        System.out.println("isOpen to everyone: " + logging.isOpen(pkg));
        add(logging, pkg, sql);
        System.out.println("isOpen to java.sql: " + logging.isOpen(pkg, sql));
        add(logging, "java.util.logging", me);
        System.out.println("java.util.logging isOpen to the unnamed module: " + logging.isOpen("java.util.logging", me));
        add(logging, "no.such.pkg", me);
        add(logging, "sun/util/logging/internal", me);
        add(logging, "java.lang", me);
        add(me, "anything.at.all", logging);
        add("not a module", pkg, me);
        add(logging, pkg, new Object());
        nullPointers(logging, me);
    }
}
