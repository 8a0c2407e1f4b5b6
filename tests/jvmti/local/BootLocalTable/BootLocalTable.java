// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetLocalVariableTable and GetLineNumberTable of methods of boot classes read from the
// runtime image (lib/modules), whose local-variable tables GlassVM decodes only when a
// tool first asks: the entries, with the generic signatures of the
// LocalVariableTypeTable, against HotSpot; first asked by two threads at once, then by
// the main thread, which prints them and checks that all three saw the same.
public class BootLocalTable {
    static native void live(int who);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread a = new Thread(() -> live(0));
        Thread b = new Thread(() -> live(1));
        a.start();
        b.start();
        a.join();
        b.join();
        live(2);
        System.out.println("done");
    }
}
