// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The collector during a frame of an obsolete method: its references (locals and the
// operand stack of the old code) are found with the old code's stack maps, although the
// new version keeps ints and longs in the same slots; they survive many collections and
// the old code goes on with them. The old version is then freed (redefined again).
import java.util.ArrayList;
import java.util.List;

public class RedefineGc {
    static native int redefine(Class<?> c, byte[] bytes);

    static void churn() {
        List<byte[]> keep = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            keep.add(new byte[4096]);
            if (keep.size() > 200) keep.clear();
            if (i % 500 == 0) System.gc();
        }
    }

    public static void main(String[] args) {
        byte[] v2 = Redef.versionOf("Gc", "v2");
        String r = Gc.hold(() -> {
            System.out.println("redefine: " + redefine(Gc.class, v2));
            churn();
        }, 42);
        System.out.println("old frame: " + r);
        System.out.println("new code: " + Gc.hold(RedefineGc::churn, 7));
        System.out.println("redefine again: " + redefine(Gc.class, Redef.bytesOf(Gc.class)));
        churn();
        System.out.println("back to version 1: " + Gc.hold(() -> { }, 1));
    }
}
