// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AddModuleProvides: glass.mod, a named module of a layer created at run time, is made
// to provide java.lang.Runnable with its class gm.Impl; ServiceLoader then finds that
// provider in the layer. A non-module gives INVALID_MODULE; a service or implementation
// that is not a class INVALID_CLASS.
import java.util.ServiceLoader;

public class AddModuleProvides {
    static native void provides(Object module, Object service, Object impl);
    static native void nullPointers(Module m, Class<?> service, Class<?> impl);

    static void providers(ModuleLayer layer, Module m) {
        StringBuilder sb = new StringBuilder();
        for (ServiceLoader.Provider<Runnable> p : ServiceLoader.load(layer, Runnable.class).stream().toList())
            if (p.type().getModule() == m) sb.append(' ').append(p.type().getName());
        System.out.println("Runnable providers in " + m.getName() + ":" + (sb.length() == 0 ? " none" : sb.toString()));
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        ModuleLayer layer = Layer.create();
        Module mod = layer.findModule("glass.mod").get();
        Class<?> impl = layer.findLoader("glass.mod").loadClass("gm.Impl");
        System.out.println("gm.Impl in " + impl.getModule().getName());
        providers(layer, mod);
        provides(mod, Runnable.class, impl);
        providers(layer, mod);
        provides("not a module", Runnable.class, impl);
        provides(mod, "not a class", impl);
        provides(mod, Runnable.class, new Object());
        nullPointers(mod, Runnable.class, impl);
    }
}
