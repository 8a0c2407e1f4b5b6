// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Xms64m -Djdk.attach.allowAttachSelf=true --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -Dsun.tools.attach.attachTimeout=60000
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
// The class histogram of this VM as jmap -histo (attach operation inspectheap: -all,
// -live, to a file) and jcmd GC.class_histogram [-all] show it, and jcmd GC.heap_info:
// HotSpot's layout column for column, rows sorted by bytes, totals that add up, the
// instance counts of the program's own classes, live vs all, module names. Byte counts
// are the VM's own object sizes, so only their relations are printed.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import sun.tools.attach.HotSpotVirtualMachine;
import com.sun.tools.attach.VirtualMachine;

public class HeapHistogram {
    static class Marker {
        int value;
    }

    static class Junk {
        long value;
    }

    static Marker[] markers = new Marker[1234];
    static List<Marker[]> arrays = new ArrayList<>();

    static void makeJunk(int depth) {
        if (depth > 0) {
            makeJunk(depth - 1);
            return;
        }
        for (int i = 0; i < 500; i++) new Junk().value = i;
    }

    /* Reads the reply byte by byte: the attach stream's bulk reads stop early. */
    static String text(InputStream in) throws Exception {
        try (in) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int c; (c = in.read()) >= 0;) b.write(c);
            return b.toString("UTF-8");
        }
    }

    static final Pattern ROW = Pattern.compile("^ *(\\d+): +(\\d+) +(\\d+)  (\\S+)( \\((\\S+)\\))?$");

    static void check(String what, String out) {
        System.out.println("== " + what);
        String[] lines = out.split("\n", -1);
        System.out.println("header: [" + lines[0] + "]");
        System.out.println("rule: [" + lines[1] + "]");
        long sumCount = 0, sumBytes = 0, prevBytes = Long.MAX_VALUE;
        int rows = 0, badRows = 0, unsorted = 0;
        String marker = "absent", markerArray = "absent", junk = "absent", string = "absent", markerModule = "?";
        int i = 2;
        for (; i < lines.length && !lines[i].startsWith("Total"); i++) {
            Matcher m = ROW.matcher(lines[i]);
            if (!m.matches()) {
                badRows++;
                continue;
            }
            rows++;
            long rank = Long.parseLong(m.group(1)), count = Long.parseLong(m.group(2)), bytes = Long.parseLong(m.group(3));
            String exact = String.format("%4d: %13d  %13d  %s%s", rank, count, bytes, m.group(4),
                    m.group(5) == null ? "" : m.group(5));
            if (rank != rows || !exact.equals(lines[i])) badRows++;
            if (bytes > prevBytes) unsorted++;
            prevBytes = bytes;
            sumCount += count;
            sumBytes += bytes;
            switch (m.group(4)) {
            case "HeapHistogram$Marker":
                marker = count + " instances, " + (bytes >= count * 16 ? "at least 16 bytes each" : "too small");
                markerModule = m.group(5) == null ? "unnamed module" : m.group(5);
                break;
            case "[LHeapHistogram$Marker;": markerArray = count + " arrays"; break;
            case "HeapHistogram$Junk": junk = count + " instances"; break;
            case "java.lang.String": string = m.group(5); break;
            }
        }
        System.out.println("rows: " + (rows > 100 ? "more than 100" : rows) + ", malformed: " + badRows + ", out of order: " + unsorted);
        System.out.println("Marker: " + marker + " (" + markerModule + ")");
        System.out.println("Marker[]: " + markerArray);
        System.out.println("Junk: " + junk);
        System.out.println("java.lang.String module:" + string);
        if (i < lines.length) {
            String exact = String.format("Total %13d  %13d", sumCount, sumBytes);
            System.out.println("total line adds up: " + exact.equals(lines[i]));
            System.out.println("after the total: [" + String.join("|", java.util.Arrays.copyOfRange(lines, i + 1, lines.length)) + "]");
        } else {
            System.out.println("no total line");
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < markers.length; i++) markers[i] = new Marker();
        for (int i = 0; i < 77; i++) arrays.add(new Marker[3]);
        makeJunk(200);
        HotSpotVirtualMachine vm = (HotSpotVirtualMachine) VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        Path dir = Files.createTempDirectory("histo");
        try {
            check("jmap -histo:all", text(vm.heapHisto("-all")));
            check("jmap -histo:live", text(vm.heapHisto("-live")));
            makeJunk(200);
            check("jcmd GC.class_histogram -all", text(vm.executeJCmd("GC.class_histogram -all")));
            check("jcmd GC.class_histogram", text(vm.executeJCmd("GC.class_histogram")));
            Path file = dir.resolve("histo.txt");
            System.out.print(text(vm.heapHisto("-all", file.toString(), "1")).replace(dir.toString(), "DIR"));
            check("jmap -histo:all,file=F,parallel=1 (the file)", Files.readString(file));

            String info = text(vm.executeJCmd("GC.heap_info"));
            Matcher m = Pattern.compile("^ .* total (\\d+)K, used (\\d+)K \\[0x[0-9a-f]{16}, 0x[0-9a-f]{16}\\)$")
                    .matcher(info.split("\n")[0]);
            System.out.println("GC.heap_info first line as HotSpot's: " + m.matches());
            if (m.matches()) System.out.println("used <= total: " + (Long.parseLong(m.group(2)) <= Long.parseLong(m.group(1))));
        } finally {
            vm.detach();
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
        System.out.println(markers.length + arrays.size());
    }
}
