// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    static native void listModules(); // GetAllLoadedModules in a loop until stopListing
    static native void stopListing();
    static native void report();
    static native void init();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        init();
        Native.release(); // loads libncainative.so
        Thread lister = new Thread(Main::listModules, "lister");
        lister.start();
        boolean ok = true;
        for (int i = 0; i < 300; i++) {
            ok &= Native.loadPlugin() && Native.callPlugin() == 4242;
            Native.unloadPlugin();
        }
        stopListing();
        lister.join();
        System.out.println("300 loads and unloads: " + ok);
        report();
    }
}
