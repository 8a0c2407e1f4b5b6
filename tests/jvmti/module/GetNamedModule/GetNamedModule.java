// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetNamedModule: named modules of the boot, platform and a layer's loader by package
// (internal form), null for packages of no named module of that loader, the unnamed
// package and dotted names; ILLEGAL_ARGUMENT for a loader that is no ClassLoader.
public class GetNamedModule {
    static native Module named(Object loader, String pkg);
    static native void nullPointers();

    static void show(String what, Object loader, String pkg) {
        Module m = named(loader, pkg);
        System.out.println(what + " \"" + pkg + "\": "
                + (m == null ? "null" : m.isNamed() ? m.getName() : "an unnamed module"));
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        ClassLoader app = GetNamedModule.class.getClassLoader();
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        show("boot", null, "java/lang");
        show("boot", null, "java/util/logging");
        show("boot", null, "java.lang");
        show("boot", null, "");
        show("boot", null, "no/such/pkg");
        show("boot", null, "java/sql");
        show("platform", platform, "java/sql");
        show("platform", platform, "java/lang");
        show("app", app, "java/lang");
        show("app", app, "");
        ModuleLayer layer = Layer.create();
        ClassLoader ll = layer.findLoader("glass.mod");
        show("layer", ll, "gm");
        show("app", app, "gm");
        show("boot", null, "gm");
        show("a String as loader", "not a loader", "java/lang");
        show("an Object as loader", new Object(), "gm");
        nullPointers();
    }
}
