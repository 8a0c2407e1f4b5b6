// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddModuleUses: java.logging is made to use a service interface of the unnamed module
// (Module.canUse); an unnamed module's update is a no-op that succeeds; a non-module
// gives INVALID_MODULE, a non-class service INVALID_CLASS.
public class AddModuleUses {
    interface Service {}

    static native void uses(Object module, Object service);
    static native void nullPointers(Module m, Class<?> service);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Module logging = java.util.logging.Logger.class.getModule();
        Module me = AddModuleUses.class.getModule();
        System.out.println("java.logging can use Service: " + logging.canUse(Service.class));
        uses(logging, Service.class);
        System.out.println("java.logging can use Service: " + logging.canUse(Service.class));
        System.out.println("java.logging can use Runnable: " + logging.canUse(Runnable.class));
        uses(logging, Runnable.class);
        System.out.println("java.logging can use Runnable: " + logging.canUse(Runnable.class));
        uses(me, Service.class);
        System.out.println("unnamed module can use Service: " + me.canUse(Service.class));
        uses("not a module", Service.class);
        uses(logging, "not a class");
        uses(logging, new Object());
        nullPointers(logging, Service.class);
    }
}
