// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Heap-tool benchmark (bench/heaptools): a heap of one million small objects (plus the
// class library's own), then, through this VM's own attach listener as jmap and jcmd
// reach it: HPROF dumps of the whole heap (jmap -dump:all's "dumpheap" operation) and
// class histograms (jcmd GC.class_histogram -all). Prints one line per measurement:
// "dump <MB> <seconds>" and "histogram <seconds>", then "objects <n>".
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import sun.tools.attach.HotSpotVirtualMachine;
import com.sun.tools.attach.VirtualMachine;

public class HeapTools {
    static final class Node {
        int value;
        Node next;
        String label;
    }

    static Object[] keep;

    static void drain(InputStream in) throws Exception {
        byte[] buf = new byte[1 << 16];
        try (in) {
            while (in.read(buf) != -1) {
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        keep = new Object[1_000_000];
        Node prev = null;
        for (int i = 0; i < keep.length; i++) {
            Node n = new Node();
            n.value = i;
            n.next = prev;
            if (i % 10 == 0) n.label = "n" + i;
            keep[i] = n;
            prev = n;
        }
        HotSpotVirtualMachine vm = (HotSpotVirtualMachine) VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        Path dir = Files.createTempDirectory("heaptools");
        try {
            for (int r = 0; r < runs; r++) {
                Path f = dir.resolve("d" + r + ".hprof");
                long t0 = System.nanoTime();
                drain(vm.dumpHeap(f.toString(), "-all"));
                long t1 = System.nanoTime();
                System.out.printf("dump %.1f %.3f%n", Files.size(f) / 1e6, (t1 - t0) / 1e9);
                Files.delete(f);
                t0 = System.nanoTime();
                drain(vm.executeJCmd("GC.class_histogram -all"));
                t1 = System.nanoTime();
                System.out.printf("histogram %.3f%n", (t1 - t0) / 1e9);
            }
        } finally {
            vm.detach();
            Files.delete(dir);
        }
        System.out.println("objects " + keep.length);
    }
}
