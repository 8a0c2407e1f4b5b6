// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// IsModifiableModule: true for an unnamed module (the spec fixes it); the named modules
// asked about here are modifiable on every VM that lets agents instrument them.
public class IsModifiableModule {
    static native void modifiable(Object module);
    static native void nullPointers(Module m);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        modifiable(IsModifiableModule.class.getModule());
        modifiable(ClassLoader.getPlatformClassLoader().getUnnamedModule());
        modifiable(Object.class.getModule());
        modifiable(java.util.logging.Logger.class.getModule());
        modifiable("not a module");
        modifiable(Object.class);
        nullPointers(Object.class.getModule());
    }
}
