// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Djdk.attach.allowAttachSelf=true --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -Dsun.tools.attach.attachTimeout=60000
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
// Bad requests to the heap tools, as jcmd and jmap send them to this VM: HotSpot's
// messages and statuses for missing, unknown, duplicate and malformed arguments of
// GC.heap_dump, GC.class_histogram and GC.heap_info; an existing dump file (with and
// without -overwrite), a directory that does not exist, a full device; the attach
// operations dumpheap and inspectheap with invalid arguments; the commands' help texts.
// Nothing crashes, nothing is written where it must not be.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import sun.tools.attach.HotSpotVirtualMachine;
import com.sun.tools.attach.VirtualMachine;

public class HeapToolErrors {
    static Path dir;

    static String text(InputStream in) throws Exception {
        try (in) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            for (int c; (c = in.read()) >= 0;) b.write(c);
            return b.toString("UTF-8");
        }
    }

    static String normalize(String s) {
        return s.replace(dir.toString(), "DIR").replaceAll("\\[\\d+ bytes in \\d+\\.\\d{3} secs\\]", "[N bytes in T secs]")
                .replaceAll("(?s)^ num +#instances.*", "<histogram>\n").trim();
    }

    interface Call {
        InputStream run() throws Exception;
    }

    static void run(String what, Call c) {
        String out;
        try {
            out = normalize(text(c.run()));
        } catch (Exception e) {
            out = e.getClass().getName() + ": " + normalize(String.valueOf(e.getMessage()));
        }
        System.out.println(normalize(what) + "\n  -> " + out.replace("\n", "\n     "));
    }

    public static void main(String[] args) throws Exception {
        dir = Files.createTempDirectory("heaptools");
        HotSpotVirtualMachine vm = (HotSpotVirtualMachine) VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        Path f = dir.resolve("a.hprof");
        try {
            String[] jcmds = {
                "GC.heap_dump",
                "GC.heap_dump " + f + " extra",
                "GC.heap_dump -bogus an-argument-longer-than-thirty-characters",
                "GC.heap_dump -gz=0 " + f,
                "GC.heap_dump -gz=10 " + f,
                "GC.heap_dump -gz=x " + f,
                "GC.heap_dump -gz " + f,
                "GC.heap_dump -all=maybe " + f,
                "GC.heap_dump -all -all " + f,
                "GC.heap_dump " + dir.resolve("no/such/dir/x.hprof"),
                "GC.heap_dump " + f,
                "GC.heap_dump " + f,
                "GC.heap_dump -overwrite " + f,
                "GC.heap_dump -all=TRUE -overwrite=true '" + f + "'",
                "GC.heap_dump -overwrite /dev/full",
                "GC.heap_dump " + dir.resolve("key.hprof") + "=value",
                "GC.heap_dump \"" + dir.resolve("with space.hprof") + "\" -all",
                "GC.class_histogram extra",
                "GC.class_histogram -parallel=-1",
                "GC.class_histogram -parallel=x",
                "GC.class_histogram -all=no",
                "GC.class_histogram -all=false -parallel=1",
                "GC.heap_info extra",
                "GC.heap_info -all",
                "help GC.heap_dump",
                "help GC.class_histogram",
                "help GC.heap_info",
            };
            for (String c : jcmds) run("jcmd " + c, () -> vm.executeJCmd(c));
            run("dumpheap with no file", () -> vm.dumpHeap(""));
            run("dumpheap -bogus", () -> vm.dumpHeap(f.toString(), "-bogus"));
            run("dumpheap gz=12", () -> vm.dumpHeap(dir.resolve("b.hprof").toString(), "-all", "12"));
            run("dumpheap gz=x", () -> vm.dumpHeap(dir.resolve("b.hprof").toString(), "-all", "x"));
            run("dumpheap existing file", () -> vm.dumpHeap(f.toString(), "-all"));
            run("dumpheap unwritable directory", () -> vm.dumpHeap(dir.resolve("nodir/b.hprof").toString(), "-live"));
            run("inspectheap -bogus", () -> vm.heapHisto("-bogus"));
            run("inspectheap parallel=x", () -> vm.heapHisto("-all", "", "x"));
            try (var files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).sorted().forEach(n -> System.out.println("file left: " + n));
            }
            System.out.println("dump file is owner-only: "
                    + Files.getPosixFilePermissions(f).equals(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        } finally {
            vm.detach();
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
    }
}
