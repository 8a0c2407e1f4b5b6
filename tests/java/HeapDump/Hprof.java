// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A strict reader of HPROF heap dumps ("JAVA PROFILE 1.0.2", identifier size 8), for the
// heap-dump tests: every record and sub-record must be consumed exactly, unknown tags are
// errors. It keeps what the tests look at: names, classes (CLASS_DUMP), instances and
// arrays (raw values), stack traces and GC roots, and decodes field values along the
// superclass chain as the tools do (a class's own fields, then its superclass's).
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

public class Hprof {
    public static final int ROOT_UNKNOWN = 0xFF, ROOT_JNI_GLOBAL = 0x01, ROOT_JNI_LOCAL = 0x02, ROOT_JAVA_FRAME = 0x03,
            ROOT_NATIVE_STACK = 0x04, ROOT_STICKY_CLASS = 0x05, ROOT_THREAD_BLOCK = 0x06, ROOT_MONITOR_USED = 0x07,
            ROOT_THREAD_OBJECT = 0x08;

    public static class Field {
        public final String name;
        public final int type;

        Field(String name, int type) {
            this.name = name;
            this.type = type;
        }
    }

    public static class ClassDump {
        public long id, superId, loaderId;
        public int instanceSize;
        public String name; // from LOAD_CLASS, internal form
        public final List<Field> fields = new ArrayList<>();
        public final Map<String, Object> statics = new LinkedHashMap<>();
    }

    public static class Instance {
        public long id, classId;
        public byte[] values;
    }

    public static class ObjArray {
        public long id, classId;
        public long[] elements;
    }

    public static class PrimArray {
        public long id;
        public int type;
        public int length;
        public byte[] data;
    }

    public static class Root {
        public int kind;
        public long id;
        public int thread = -1, frame = -1;
    }

    public static class Frame {
        public String method, signature, source;
        public int classSerial, line;
    }

    public static class Trace {
        public int serial, thread;
        public List<Frame> frames = new ArrayList<>();
    }

    public String header;
    public int idSize;
    public final Map<Long, String> strings = new HashMap<>();
    public final Map<Long, String> classNames = new HashMap<>(); // class id -> name (LOAD_CLASS)
    public final Map<Integer, Long> classSerials = new HashMap<>(); // serial -> class id
    public final Map<Long, ClassDump> classes = new LinkedHashMap<>();
    public final Map<Long, Instance> instances = new HashMap<>();
    public final Map<Long, ObjArray> objArrays = new HashMap<>();
    public final Map<Long, PrimArray> primArrays = new HashMap<>();
    public final List<Root> roots = new ArrayList<>();
    public final Map<Integer, Trace> traces = new HashMap<>();
    public final Map<Long, Frame> frames = new HashMap<>();
    public int segments, heapDumpEnds, loadClasses;
    public final List<String> problems = new ArrayList<>();

    private DataInputStream in;
    private long left; // bytes left in the current (sub-)record body

    public static Hprof read(Path file) throws IOException {
        InputStream raw = Files.newInputStream(file);
        byte[] magic = new byte[2];
        try (InputStream probe = Files.newInputStream(file)) {
            probe.read(magic);
        }
        if ((magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) raw = new GZIPInputStream(raw, 1 << 16);
        Hprof h = new Hprof();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
            h.in = in;
            h.parse();
        }
        return h;
    }

    private long id() throws IOException {
        left -= idSize;
        return idSize == 8 ? in.readLong() : in.readInt() & 0xffffffffL;
    }

    private int u1() throws IOException {
        left -= 1;
        return in.readUnsignedByte();
    }

    private int u2() throws IOException {
        left -= 2;
        return in.readUnsignedShort();
    }

    private int u4() throws IOException {
        left -= 4;
        return in.readInt();
    }

    private byte[] bytes(long n) throws IOException {
        if (n < 0 || n > Integer.MAX_VALUE) throw new IOException("bad length " + n);
        byte[] b = new byte[(int) n];
        in.readFully(b);
        left -= n;
        return b;
    }

    public int size(int type) {
        switch (type) {
        case 2: return idSize;
        case 4: case 8: return 1;
        case 5: case 9: return 2;
        case 6: case 10: return 4;
        case 7: case 11: return 8;
        default: throw new IllegalArgumentException("type " + type);
        }
    }

    private Object value(int type) throws IOException {
        switch (type) {
        case 2: return id();
        case 4: return u1() != 0;
        case 5: left -= 2; return in.readChar();
        case 6: left -= 4; return in.readFloat();
        case 7: left -= 8; return in.readDouble();
        case 8: left -= 1; return in.readByte();
        case 9: left -= 2; return in.readShort();
        case 10: return u4();
        case 11: left -= 8; return in.readLong();
        default: throw new IOException("bad type " + type);
        }
    }

    private void parse() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c; (c = in.readUnsignedByte()) != 0;) sb.append((char) c);
        header = sb.toString();
        idSize = in.readInt();
        in.readLong(); // time stamp
        for (;;) {
            int tag;
            try {
                tag = in.readUnsignedByte();
            } catch (EOFException e) {
                break;
            }
            in.readInt(); // time
            left = in.readInt() & 0xffffffffL;
            switch (tag) {
            case 0x01: {
                long id = id();
                strings.put(id, new String(bytes(left), "UTF-8"));
                break;
            }
            case 0x02: {
                int serial = u4();
                long cid = id();
                u4();
                long nid = id();
                classNames.put(cid, strings.get(nid));
                classSerials.put(serial, cid);
                loadClasses++;
                break;
            }
            case 0x04: {
                long fid = id();
                Frame f = new Frame();
                f.method = strings.get(id());
                f.signature = strings.get(id());
                f.source = strings.get(id());
                f.classSerial = u4();
                f.line = u4();
                frames.put(fid, f);
                break;
            }
            case 0x05: {
                Trace t = new Trace();
                t.serial = u4();
                t.thread = u4();
                int n = u4();
                for (int i = 0; i < n; i++) {
                    Frame f = frames.get(id());
                    if (f == null) problems.add("stack trace " + t.serial + " names an unknown frame");
                    t.frames.add(f);
                }
                traces.put(t.serial, t);
                break;
            }
            case 0x0C:
            case 0x1C:
                segments++;
                while (left > 0) subRecord();
                break;
            case 0x2C:
                heapDumpEnds++;
                break;
            default:
                problems.add("unexpected record tag 0x" + Integer.toHexString(tag));
                bytes(left);
            }
            if (left != 0) throw new IOException("record 0x" + Integer.toHexString(tag) + " length off by " + left);
        }
    }

    private Root root(int kind, long id) {
        Root r = new Root();
        r.kind = kind;
        r.id = id;
        roots.add(r);
        return r;
    }

    private void subRecord() throws IOException {
        int tag = u1();
        switch (tag) {
        case ROOT_UNKNOWN: case ROOT_STICKY_CLASS: case ROOT_MONITOR_USED:
            root(tag, id());
            break;
        case ROOT_JNI_GLOBAL:
            root(tag, id());
            id();
            break;
        case ROOT_JNI_LOCAL: case ROOT_JAVA_FRAME: {
            Root r = root(tag, id());
            r.thread = u4();
            r.frame = u4();
            break;
        }
        case ROOT_NATIVE_STACK: case ROOT_THREAD_BLOCK: {
            Root r = root(tag, id());
            r.thread = u4();
            break;
        }
        case ROOT_THREAD_OBJECT: {
            Root r = root(tag, id());
            r.thread = u4();
            r.frame = u4(); // stack trace serial
            break;
        }
        case 0x20: {
            ClassDump c = new ClassDump();
            c.id = id();
            u4();
            c.superId = id();
            c.loaderId = id();
            id();
            id();
            id();
            id();
            c.instanceSize = u4();
            int ncp = u2();
            for (int i = 0; i < ncp; i++) {
                u2();
                value(u1());
            }
            int ns = u2();
            for (int i = 0; i < ns; i++) {
                String name = strings.get(id());
                c.statics.put(name, value(u1()));
            }
            int nf = u2();
            for (int i = 0; i < nf; i++) {
                String name = strings.get(id());
                c.fields.add(new Field(name, u1()));
            }
            c.name = classNames.get(c.id);
            if (c.name == null) problems.add("CLASS_DUMP without LOAD_CLASS");
            classes.put(c.id, c);
            break;
        }
        case 0x21: {
            Instance o = new Instance();
            o.id = id();
            u4();
            o.classId = id();
            o.values = bytes(u4() & 0xffffffffL);
            instances.put(o.id, o);
            break;
        }
        case 0x22: {
            ObjArray a = new ObjArray();
            a.id = id();
            u4();
            int n = u4();
            a.classId = id();
            a.elements = new long[n];
            for (int i = 0; i < n; i++) a.elements[i] = id();
            objArrays.put(a.id, a);
            break;
        }
        case 0x23: {
            PrimArray a = new PrimArray();
            a.id = id();
            u4();
            a.length = u4();
            a.type = u1();
            a.data = bytes((long) a.length * size(a.type));
            primArrays.put(a.id, a);
            break;
        }
        default:
            throw new IOException("unknown sub-record tag 0x" + Integer.toHexString(tag));
        }
    }

    /* ---- queries ---- */

    public ClassDump classNamed(String internalName) {
        for (ClassDump c : classes.values())
            if (internalName.equals(c.name)) return c;
        return null;
    }

    /* Field values of an instance by name (the most derived class's field wins), decoded
     * along the superclass chain; problems are recorded if the sizes do not add up. */
    public Map<String, Object> fields(Instance o) {
        Map<String, Object> out = new LinkedHashMap<>();
        ByteBuffer b = ByteBuffer.wrap(o.values);
        for (ClassDump c = classes.get(o.classId); c != null; c = classes.get(c.superId)) {
            for (Field f : c.fields) {
                Object v;
                switch (f.type) {
                case 2: v = idSize == 8 ? b.getLong() : b.getInt() & 0xffffffffL; break;
                case 4: v = b.get() != 0; break;
                case 5: v = b.getChar(); break;
                case 6: v = b.getFloat(); break;
                case 7: v = b.getDouble(); break;
                case 8: v = b.get(); break;
                case 9: v = b.getShort(); break;
                case 10: v = b.getInt(); break;
                case 11: v = b.getLong(); break;
                default: throw new IllegalStateException("type " + f.type);
                }
                out.putIfAbsent(f.name, v);
            }
        }
        if (b.hasRemaining()) problems.add("instance of " + classNames.get(o.classId) + " has " + b.remaining() + " bytes left");
        return out;
    }

    public String className(long classId) {
        String n = classNames.get(classId);
        return n == null ? "?" : n;
    }

    /* The contents of a java.lang.String instance, or null. */
    public String string(long id) {
        Instance o = instances.get(id);
        if (o == null || !"java/lang/String".equals(className(o.classId))) return null;
        Map<String, Object> f = fields(o);
        PrimArray a = primArrays.get((Long) f.get("value"));
        if (a == null) return null;
        byte coder = (Byte) f.get("coder");
        if (coder == 0) return new String(a.data, java.nio.charset.StandardCharsets.ISO_8859_1);
        return new String(a.data, java.nio.charset.StandardCharsets.UTF_16LE); // the VM's byte order (x86-64)
    }

    public boolean exists(long id) {
        return id == 0 || instances.containsKey(id) || objArrays.containsKey(id) || primArrays.containsKey(id)
                || classes.containsKey(id);
    }

    /* Object ids referenced by an object (fields, elements) or a class (statics, super, loader). */
    public List<Long> references(long id) {
        List<Long> out = new ArrayList<>();
        Instance o = instances.get(id);
        if (o != null) {
            ByteBuffer b = ByteBuffer.wrap(o.values);
            for (ClassDump c = classes.get(o.classId); c != null; c = classes.get(c.superId))
                for (Field f : c.fields) {
                    if (f.type == 2) out.add(idSize == 8 ? b.getLong() : b.getInt() & 0xffffffffL);
                    else b.position(b.position() + size(f.type));
                }
            out.add(o.classId);
            return out;
        }
        ObjArray a = objArrays.get(id);
        if (a != null) {
            for (long e : a.elements) out.add(e);
            out.add(a.classId);
            return out;
        }
        ClassDump c = classes.get(id);
        if (c != null) {
            for (Object v : c.statics.values())
                if (v instanceof Long) out.add((Long) v);
            out.add(c.superId);
            out.add(c.loaderId);
        }
        return out;
    }

    /* Everything reachable from the GC roots. */
    public java.util.Set<Long> reachable() {
        java.util.Set<Long> seen = new java.util.HashSet<>();
        java.util.ArrayDeque<Long> work = new java.util.ArrayDeque<>();
        for (Root r : roots) work.push(r.id);
        while (!work.isEmpty()) {
            long id = work.pop();
            if (id == 0 || !seen.add(id)) continue;
            for (long r : references(id)) work.push(r);
        }
        return seen;
    }
}
