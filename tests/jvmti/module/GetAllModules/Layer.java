// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
import java.io.InputStream;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.net.URI;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

// A named module "glass.mod" exporting package gm, defined at run time in a new layer
// with one new class loader. Its classes' bytes are read from the class path (gm/Impl
// is compiled with the test), so no module file is needed.
final class Layer {
    static ModuleLayer create() {
        ModuleDescriptor d = ModuleDescriptor.newModule("glass.mod").exports("gm").build();
        final ModuleReference ref = new ModuleReference(d, null) {
            public ModuleReader open() {
                return new ModuleReader() {
                    public Optional<URI> find(String name) { return Optional.empty(); }
                    public Optional<InputStream> open(String name) {
                        return Optional.ofNullable(Layer.class.getResourceAsStream("/" + name));
                    }
                    public Stream<String> list() { return Stream.empty(); }
                    public void close() {}
                };
            }
        };
        ModuleFinder finder = new ModuleFinder() {
            public Optional<ModuleReference> find(String name) {
                return name.equals("glass.mod") ? Optional.of(ref) : Optional.empty();
            }
            public Set<ModuleReference> findAll() { return Set.of(ref); }
        };
        ModuleLayer boot = ModuleLayer.boot();
        Configuration cf = boot.configuration().resolve(finder, ModuleFinder.of(), Set.of("glass.mod"));
        return boot.defineModulesWithOneLoader(cf, ClassLoader.getSystemClassLoader());
    }
}
