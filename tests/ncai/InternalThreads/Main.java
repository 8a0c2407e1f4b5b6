// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
import java.lang.management.ManagementFactory;

public class Main {
    static native void kinds();

    static boolean running(String name) {
        for (Thread t : Thread.getAllStackTraces().keySet())
            if (t.getName().equals(name)) return true;
        return false;
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        // The VM's Notification Thread starts with java.lang.management's first use.
        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long end = System.nanoTime() + 30_000_000_000L;
        while (!running("Notification Thread") && System.nanoTime() < end) Thread.sleep(10);
        System.out.println("Notification Thread running: " + running("Notification Thread"));
        kinds();
    }
}
