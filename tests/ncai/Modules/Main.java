// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void checkModules(ClassLoader appLoader);
    static native void checkPlugin();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Native.release(); // loads libncainative.so (System.loadLibrary in Native)
        checkModules(ClassLoader.getSystemClassLoader());
        System.out.println("loadPlugin " + Native.loadPlugin());
        checkPlugin();
        System.out.println("plugin answers " + Native.callPlugin());
        Native.unloadPlugin();
        checkPlugin();
        System.out.println("done");
    }
}
