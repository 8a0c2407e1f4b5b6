// Modules defined at run time (JVM_DefineModule for a new loader) and the VM's module
// graph behind bytecode access checks: three modules in one layer — m (package p, class
// Q), m2 (requires m) and m3 (does not) — whose class bytes come from this test's class
// path through a custom ModuleFinder. m2's access to p.Q fails until the layer's
// Controller exports p to m2 (JVM_AddModuleExports); m3 additionally needs a read edge
// (JVM_AddReadsModule). Also checks Class.getModule, the layer loader, and that a class of
// an unexported package stays reflectively inaccessible from the unnamed module.
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

public class ModuleLayers {
    static final Map<String, String[]> CLASSES = Map.of(
        "m", new String[] { "p/Q.class" },
        "m2", new String[] { "p2/Before.class", "p2/After.class" },
        "m3", new String[] { "p3/Unread.class", "p3/Read.class" });

    static ModuleReference reference(ModuleDescriptor d) {
        return new ModuleReference(d, null) {
            public ModuleReader open() {
                return new ModuleReader() {
                    public Optional<URI> find(String name) { return Optional.empty(); }
                    public Optional<InputStream> open(String name) {
                        for (String c : CLASSES.get(d.name()))
                            if (c.equals(name)) return Optional.ofNullable(ModuleLayers.class.getResourceAsStream("/" + name));
                        return Optional.empty();
                    }
                    public Stream<String> list() { return Stream.of(CLASSES.get(d.name())); }
                    public void close() {}
                };
            }
        };
    }

    static String call(ModuleLayer layer, String module, String cls) {
        try {
            Class<?> c = layer.findLoader(module).loadClass(cls);
            return cls + ": " + c.getMethod("call").invoke(null);
        } catch (java.lang.reflect.InvocationTargetException e) {
            return cls + ": " + e.getCause().toString().replaceAll("@(0x)?[0-9a-f]+", "@HASH");
        } catch (ReflectiveOperationException e) {
            return cls + ": " + e;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, ModuleReference> refs = new HashMap<>();
        refs.put("m", reference(ModuleDescriptor.newModule("m").packages(Set.of("p")).build()));
        refs.put("m2", reference(ModuleDescriptor.newModule("m2").requires("m").packages(Set.of("p2")).build()));
        refs.put("m3", reference(ModuleDescriptor.newModule("m3").packages(Set.of("p3")).build()));
        ModuleFinder finder = new ModuleFinder() {
            public Optional<ModuleReference> find(String name) { return Optional.ofNullable(refs.get(name)); }
            public Set<ModuleReference> findAll() { return Set.copyOf(refs.values()); }
        };
        Configuration cf = ModuleLayer.boot().configuration().resolve(finder, ModuleFinder.of(), Set.of("m", "m2", "m3"));
        ModuleLayer.Controller ctl = ModuleLayer.defineModulesWithOneLoader(cf, List.of(ModuleLayer.boot()),
            ClassLoader.getSystemClassLoader());
        ModuleLayer layer = ctl.layer();
        Module m = layer.findModule("m").get();
        Module m2 = layer.findModule("m2").get();
        Module m3 = layer.findModule("m3").get();

        Module unnamed = ModuleLayers.class.getModule();
        ctl.addExports(m2, "p2", unnamed).addExports(m3, "p3", unnamed); // so that main can call in

        Class<?> q = layer.findLoader("m").loadClass("p.Q");
        System.out.println("p.Q module: " + q.getModule().getName() + ", same as layer's: " + (q.getModule() == m)
            + ", one loader: " + (layer.findLoader("m") == layer.findLoader("m2"))
            + ", not the app loader: " + (q.getClassLoader() != ClassLoader.getSystemClassLoader()));
        System.out.println("class-path p.Q is another class: " + (q != p.Q.class) + " in "
            + (p.Q.class.getModule().isNamed() ? "a named module" : "the unnamed module"));
        System.out.println("m2 reads m: " + m2.canRead(m) + ", m3 reads m: " + m3.canRead(m)
            + ", p exported to m2: " + m.isExported("p", m2));

        System.out.println(call(layer, "m2", "p2.Before"));
        ctl.addExports(m, "p", m2);
        System.out.println("after addExports(p to m2): exported " + m.isExported("p", m2) + ", to m3 " + m.isExported("p", m3));
        System.out.println(call(layer, "m2", "p2.After"));

        ctl.addExports(m, "p", m3);
        System.out.println(call(layer, "m3", "p3.Unread"));
        ctl.addReads(m3, m);
        System.out.println("after addReads(m3, m): " + m3.canRead(m));
        System.out.println(call(layer, "m3", "p3.Read"));

        try {
            q.getMethod("hello").invoke(null);
            System.out.println("reflective call from the unnamed module worked");
        } catch (IllegalAccessException e) {
            System.out.println("reflective call from the unnamed module: IllegalAccessException");
        }
        ctl.addOpens(m, "p", ModuleLayers.class.getModule());
        System.out.println("after addOpens to unnamed: " + q.getMethod("hello").invoke(null));
    }
}
