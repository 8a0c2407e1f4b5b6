// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetAllModules: every boot-layer module, the unnamed modules of the class loaders in use,
// and a module defined later in a new layer are in the array; no module twice.
import java.util.IdentityHashMap;
import java.util.Map;

public class GetAllModules {
    static native Module[] all();

    static Map<Module, Boolean> asSet(Module[] ms) {
        Map<Module, Boolean> set = new IdentityHashMap<>();
        for (Module m : ms) set.put(m, Boolean.TRUE);
        return set;
    }

    static boolean named(Module[] ms, String name) {
        for (Module m : ms)
            if (name.equals(m.getName())) return true;
        return false;
    }

    static void report(String when, Module[] ms) {
        Map<Module, Boolean> set = asSet(ms);
        System.out.println(when + ": distinct " + (set.size() == ms.length));
        boolean all = true;
        for (Module m : ModuleLayer.boot().modules())
            if (!set.containsKey(m)) {
                all = false;
                System.out.println(when + ": missing boot-layer module " + m.getName());
            }
        System.out.println(when + ": every boot-layer module " + all);
        System.out.println(when + ": java.base " + set.containsKey(Object.class.getModule()));
        System.out.println(when + ": app loader's unnamed module "
                + set.containsKey(GetAllModules.class.getClassLoader().getUnnamedModule()));
        System.out.println(when + ": platform loader's unnamed module "
                + set.containsKey(ClassLoader.getPlatformClassLoader().getUnnamedModule()));
        System.out.println(when + ": glass.mod " + named(ms, "glass.mod"));
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        report("before", all());
        ModuleLayer layer = Layer.create();
        Class<?> impl = layer.findLoader("glass.mod").loadClass("gm.Impl");
        Module[] after = all();
        report("after", after);
        System.out.println("after: gm.Impl's module " + asSet(after).containsKey(impl.getModule())
                + ", named " + impl.getModule().getName());
        System.out.println("after: layer loader's unnamed module "
                + asSet(after).containsKey(impl.getClassLoader().getUnnamedModule()));
    }
}
