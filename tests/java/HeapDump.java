// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Xms64m -Djdk.attach.allowAttachSelf=true --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -Dsun.tools.attach.attachTimeout=60000
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
// HPROF heap dumps taken of this very VM through the attach operations the tools use
// (jmap -dump's "dumpheap", plain and gzip-compressed, and jcmd GC.heap_dump) and through
// HotSpotDiagnosticMXBean.dumpHeap (JMM DumpHeap0), read back with a strict parser
// (HeapDump/Hprof.java): the objects the program built, with their field values,
// references, strings and arrays; the statics of its classes; the main thread's stack
// trace; the GC roots; live vs all.
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import sun.tools.attach.HotSpotVirtualMachine;
import com.sun.tools.attach.VirtualMachine;

public class HeapDump {
    static class Base {
        int baseValue;
        String label;
        Object baseRef;
    }

    static class Node extends Base {
        int id;
        long big;
        double d;
        float f;
        boolean flag;
        char c;
        byte b;
        short s;
        Node next;
        Object[] refs;
        int[] ints;
        char[] chars;
        long[] longs;
        double[] doubles;
        boolean[] bools;
        Class<?> type;
        String name;
    }

    static class OnlyOnStack {
        int marker = 4242;
    }

    static class Garbage {
        int n;
    }

    /* Reachable only through a static of a class nothing refers to: tools reach such a
     * class as HotSpot's dumps show it (from its loader) or as a root. */
    static class OnlyInHolder {
        int marker = 777;
    }

    static class Holder {
        static Object held = new OnlyInHolder();
    }

    static Node root;
    static int staticInt = -17;
    static long staticLong = 1L << 40;
    static String staticString = "static \u00e9t\u00e9";
    static boolean staticFlag = true;
    static final List<Object> keep = new ArrayList<>();

    static void build() {
        Node prev = null;
        for (int i = 5; i >= 1; i--) {
            Node n = new Node();
            n.id = i;
            n.big = 1000000000000L * i;
            n.d = i + 0.25;
            n.f = i * 1.5f;
            n.flag = i % 2 == 0;
            n.c = (char) ('a' + i);
            n.b = (byte) -i;
            n.s = (short) (300 * i);
            n.next = prev;
            n.name = "node-" + i;
            n.label = i % 2 == 0 ? "even" : "\u043d\u0435\u0447\u0451\u0442";
            n.baseValue = -i;
            n.ints = new int[] {i, i * i, -i};
            n.chars = ("xy" + i).toCharArray();
            n.longs = new long[] {Long.MIN_VALUE, i};
            n.doubles = new double[] {Math.PI * i};
            n.bools = new boolean[] {true, false, i > 2};
            n.type = i == 3 ? String.class : int[].class;
            prev = n;
        }
        root = prev;
        // a cycle, a self reference, an array of mixed references
        Node last = root;
        while (last.next != null) last = last.next;
        last.next = root;
        root.baseRef = root;
        root.refs = new Object[] {root.next, null, "in array", new int[0], root.next.next.ints};
        keep.add(new OnlyOnStack[0]);
        if (Holder.held == null) throw new AssertionError();
    }

    /* Garbage made deep in the stack, so that no stale slot of a later frame holds it. */
    static void makeGarbage(int depth) {
        if (depth > 0) {
            makeGarbage(depth - 1);
            return;
        }
        for (int i = 0; i < 100; i++) new Garbage().n = i;
    }

    static String describe(Hprof h, long id) {
        if (id == 0) return "null";
        if (h.classes.containsKey(id)) return "class " + h.classes.get(id).name;
        String s = h.string(id);
        if (s != null) return "\"" + s + "\"";
        Hprof.Instance o = h.instances.get(id);
        if (o != null) {
            String cn = h.className(o.classId);
            if (cn.equals("HeapDump$Node")) return "Node#" + h.fields(o).get("id");
            return "a " + cn;
        }
        Hprof.PrimArray p = h.primArrays.get(id);
        if (p != null) return primArray(p);
        Hprof.ObjArray a = h.objArrays.get(id);
        if (a != null) {
            StringBuilder sb = new StringBuilder(h.className(a.classId) + "{");
            for (int i = 0; i < a.elements.length; i++) sb.append(i > 0 ? ", " : "").append(describe(h, a.elements[i]));
            return sb + "}";
        }
        return "dangling";
    }

    static String primArray(Hprof.PrimArray p) {
        ByteBuffer b = ByteBuffer.wrap(p.data).order(ByteOrder.BIG_ENDIAN);
        StringBuilder sb = new StringBuilder("type " + p.type + " [");
        for (int i = 0; i < p.length; i++) {
            if (i > 0) sb.append(", ");
            switch (p.type) {
            case 4: sb.append(b.get() != 0); break;
            case 5: sb.append(b.getChar()); break;
            case 6: sb.append(b.getFloat()); break;
            case 7: sb.append(b.getDouble()); break;
            case 8: sb.append(b.get()); break;
            case 9: sb.append(b.getShort()); break;
            case 10: sb.append(b.getInt()); break;
            case 11: sb.append(b.getLong()); break;
            }
        }
        return sb + "]";
    }

    static void report(String what, Hprof h, boolean details, boolean garbage) {
        System.out.println("== " + what);
        System.out.println("header " + h.header + ", id size " + h.idSize + ", ends " + h.heapDumpEnds
                + ", segments > 0 " + (h.segments > 0));
        // every object's class is described
        int missing = 0, dangling = 0;
        for (Hprof.Instance o : h.instances.values())
            if (!h.classes.containsKey(o.classId) || !h.classNames.containsKey(o.classId)) missing++;
        for (Hprof.ObjArray a : h.objArrays.values())
            if (!h.classes.containsKey(a.classId)) missing++;
        System.out.println("objects whose class has no CLASS_DUMP/LOAD_CLASS: " + missing);
        for (Hprof.ClassDump c : h.classes.values())
            if (c.superId != 0 && !h.classes.containsKey(c.superId)) missing++;
        System.out.println("classes whose superclass is missing: " + missing);
        List<Hprof.Instance> nodes = new ArrayList<>();
        for (Hprof.Instance o : h.instances.values()) {
            if (h.className(o.classId).equals("HeapDump$Node")) nodes.add(o);
            for (long r : h.references(o.id))
                if (!h.exists(r)) dangling++;
        }
        System.out.println("references from instances to objects not in the dump: " + dangling);
        nodes.sort((x, y) -> Integer.compare((Integer) h.fields(x).get("id"), (Integer) h.fields(y).get("id")));
        System.out.println("Node instances: " + nodes.size());
        Hprof.ClassDump nc = h.classNamed("HeapDump$Node");
        Hprof.ClassDump bc = h.classNamed("HeapDump$Base");
        System.out.println("Node's superclass: " + h.className(nc.superId) + ", Base's: " + h.className(bc.superId));
        System.out.println("Node instance size " + nc.instanceSize + ", Base " + bc.instanceSize);
        if (details) {
            for (Hprof.Instance o : nodes) {
                Map<String, Object> f = new TreeMap<>(h.fields(o));
                StringBuilder sb = new StringBuilder("Node#" + f.get("id") + ":");
                for (Map.Entry<String, Object> e : f.entrySet()) {
                    Object v = e.getValue();
                    String field = e.getKey();
                    boolean ref = v instanceof Long && !field.equals("big");
                    sb.append("\n    ").append(field).append(" = ").append(ref ? describe(h, (Long) v) : String.valueOf(v));
                }
                System.out.println(sb);
            }
            Hprof.ClassDump hd = h.classNamed("HeapDump");
            Map<String, Object> statics = new TreeMap<>();
            for (Map.Entry<String, Object> e : hd.statics.entrySet())
                if (!e.getKey().startsWith("<")) statics.put(e.getKey(), e.getValue());
            for (Map.Entry<String, Object> e : statics.entrySet()) {
                Object v = e.getValue();
                boolean ref = v instanceof Long && !e.getKey().equals("staticLong");
                String text = ref ? describe(h, (Long) v) : String.valueOf(v);
                if (e.getKey().equals("keep")) text = text.startsWith("a java/util/ArrayList") ? "an ArrayList" : text;
                System.out.println("static HeapDump." + e.getKey() + " = " + text);
            }
            System.out.println("Node class statics: " + h.classNamed("HeapDump$Node").statics.size()
                    + ", fields: " + h.classNamed("HeapDump$Node").fields.size());
        }
        // GC roots
        java.util.Set<Long> reachable = h.reachable();
        int unreachableNodes = 0;
        for (Hprof.Instance o : nodes)
            if (!reachable.contains(o.id)) unreachableNodes++;
        System.out.println("Nodes not reachable from the GC roots: " + unreachableNodes);
        int held = 0;
        for (Hprof.Instance o : h.instances.values())
            if (h.className(o.classId).equals("HeapDump$OnlyInHolder") && reachable.contains(o.id)) held++;
        System.out.println("object held by a static of an otherwise unreferenced class is reachable: " + (held == 1));
        java.util.Set<Integer> kinds = new java.util.TreeSet<>();
        for (Hprof.Root r : h.roots) kinds.add(r.kind);
        for (int k : new int[] {Hprof.ROOT_THREAD_OBJECT, Hprof.ROOT_JAVA_FRAME, Hprof.ROOT_JNI_GLOBAL, Hprof.ROOT_STICKY_CLASS})
            System.out.println("has root kind " + k + ": " + kinds.contains(k));
        int n = 0;
        for (Hprof.Instance o : h.instances.values())
            if (h.className(o.classId).equals("HeapDump$Garbage")) n++;
        if (garbage)
            System.out.println("Garbage instances: " + (n == 0 ? "none" : n == 100 ? "all 100" : "some"));
        // the main thread: its object, its trace, the object only its frame holds
        int mainSerial = -1, mainTrace = -1;
        for (Hprof.Root r : h.roots) {
            if (r.kind != Hprof.ROOT_THREAD_OBJECT) continue;
            Hprof.Instance t = h.instances.get(r.id);
            if (t != null && "main".equals(h.string((Long) h.fields(t).get("name")))) {
                mainSerial = r.thread;
                mainTrace = r.frame;
            }
        }
        System.out.println("main thread found: " + (mainSerial > 0));
        Hprof.Trace trace = h.traces.get(mainTrace);
        System.out.println("main's trace names main's thread: " + (trace != null && trace.thread == mainSerial));
        if (trace != null) {
            for (Hprof.Frame f : trace.frames) {
                Long cid = h.classSerials.get(f.classSerial);
                String cn = cid == null ? "?" : h.className(cid);
                if (cn.equals("HeapDump"))
                    System.out.println("  frame " + cn + "." + f.method + f.signature + " (" + f.source + ":" + f.line + ")");
            }
        }
        boolean onStack = false;
        for (Hprof.Root r : h.roots) {
            Hprof.Instance o = h.instances.get(r.id);
            if (r.kind == Hprof.ROOT_JAVA_FRAME && r.thread == mainSerial && o != null
                    && h.className(o.classId).equals("HeapDump$OnlyOnStack"))
                onStack = (Integer) h.fields(o).get("marker") == 4242;
        }
        System.out.println("object held only by a local of main is a Java frame root of main: " + onStack);
        System.out.println("problems: " + h.problems);
    }

    static String jcmd(HotSpotVirtualMachine vm, String cmd) throws Exception {
        try (InputStream in = vm.executeJCmd(cmd)) {
            return new String(in.readAllBytes(), "UTF-8");
        }
    }

    static String text(InputStream in) throws Exception {
        try (in) {
            return new String(in.readAllBytes(), "UTF-8");
        }
    }

    static String normalize(String s, Path dir) {
        return s.replace(dir.toString(), "DIR").replaceAll("\\[\\d+ bytes in \\d+\\.\\d{3} secs\\]", "[N bytes in T secs]");
    }

    public static void main(String[] args) throws Exception {
        build();
        makeGarbage(200);
        OnlyOnStack local = new OnlyOnStack();
        Path dir = Files.createTempDirectory("heapdump");
        HotSpotVirtualMachine vm = (HotSpotVirtualMachine) VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        try {
            // All dumps first, then the parsing: the parser's long values (object ids are
            // addresses) must not linger where a collector scans conservatively (C stacks).
            Path live = dir.resolve("live.hprof");
            System.out.print(normalize(jcmd(vm, "GC.heap_dump " + live), dir));
            makeGarbage(200);
            Path all = dir.resolve("all.hprof");
            System.out.print(normalize(text(vm.dumpHeap(all.toString(), "-all")), dir));
            Path gz = dir.resolve("all.hprof.gz");
            System.out.print(normalize(text(vm.dumpHeap(gz.toString(), "-all", "1")), dir));
            Path bean = dir.resolve("bean.hprof");
            var diag = java.lang.management.ManagementFactory.getPlatformMXBean(
                    com.sun.management.HotSpotDiagnosticMXBean.class);
            diag.dumpHeap(bean.toString(), true);
            try {
                diag.dumpHeap(bean.toString(), true);
            } catch (java.io.IOException e) {
                System.out.println("dumpHeap over an existing file: " + e.getClass().getName());
            }
            try {
                diag.dumpHeap(null, false);
            } catch (NullPointerException e) {
                System.out.println("dumpHeap(null): " + e.getMessage());
            }

            report("jcmd GC.heap_dump (live)", Hprof.read(live), false, true);
            report("jmap -dump:all", Hprof.read(all), true, true);
            byte[] head = Files.readAllBytes(gz);
            System.out.println("gzip magic: " + ((head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b));
            report("jmap -dump:all,gz=1", Hprof.read(gz), false, false);
            report("HotSpotDiagnosticMXBean.dumpHeap (live)", Hprof.read(bean), false, true);
        } finally {
            vm.detach();
            try (var files = Files.list(dir)) {
                for (Path p : (Iterable<Path>) files::iterator) Files.delete(p);
            }
            Files.delete(dir);
        }
        System.out.println("local still here: " + local.marker);
    }
}
