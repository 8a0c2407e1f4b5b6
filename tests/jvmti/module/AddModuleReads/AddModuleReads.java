// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddModuleReads: a named module (java.logging) is made to read an unnamed module and
// another named module (java.sql); an unnamed module's update is a no-op that succeeds;
// objects that are not modules give INVALID_MODULE.
public class AddModuleReads {
    static native void reads(Object module, Object toModule);
    static native void nullPointers(Module m);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Module logging = java.util.logging.Logger.class.getModule();
        Module sql = ModuleLayer.boot().findModule("java.sql").get();
        Module me = AddModuleReads.class.getModule();
        System.out.println("java.logging reads the unnamed module: " + logging.canRead(me));
        reads(logging, me);
        System.out.println("java.logging reads the unnamed module: " + logging.canRead(me));
        System.out.println("java.logging reads java.sql: " + logging.canRead(sql));
        reads(logging, sql);
        System.out.println("java.logging reads java.sql: " + logging.canRead(sql));
        System.out.println("java.sql reads java.logging: " + sql.canRead(logging));
        reads(me, logging);
        System.out.println("unnamed module reads java.logging: " + me.canRead(logging));
        reads("not a module", me);
        reads(logging, new Object());
        reads(logging, String.class);
        nullPointers(logging);
    }
}
