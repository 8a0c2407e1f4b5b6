// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
import java.io.InputStream;

public class Main {
    static native void redefine(Class<?> c, byte[] bytes);
    static native void check();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.rearm();
        Thread w = new Thread(Target::work, "worker");
        w.start();
        while (!Native.spinning()) Thread.sleep(10);
        byte[] bytes;
        try (InputStream in = Main.class.getResourceAsStream("Target.class")) {
            bytes = in.readAllBytes();
        }
        redefine(Target.class, bytes); // the same bytes: worker's frame runs an EMCP copy
        check();
        Native.release();
        w.join();
        System.out.println("worker done");
    }
}
