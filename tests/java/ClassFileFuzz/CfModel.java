// A class file parsed just deep enough to mutate it and write it back (JVMS 4.1): the
// constant pool as raw entries, members and attributes with their raw bytes, Code
// attributes (JVMS 4.7.3) parsed into their parts. Writing an unmodified model gives the
// original bytes back. write() also records where the counts, lengths, constant-pool
// indexes and access flags of the output lie, so that raw mutations can aim at them.
import java.util.ArrayList;
import java.util.List;

final class CfModel {
    static final class Attr {
        int name;
        byte[] info;
        Code code;                      // non-null when this is a parsed Code attribute
        Attr(int name, byte[] info) { this.name = name; this.info = info; }
        Attr copy() {
            Attr a = new Attr(name, info.clone());
            if (code != null) a.code = code.copy();
            return a;
        }
    }
    static final class Member {
        int access, name, desc;
        List<Attr> attrs = new ArrayList<>();
        Member copy() {
            Member m = new Member();
            m.access = access; m.name = name; m.desc = desc;
            for (Attr a : attrs) m.attrs.add(a.copy());
            return m;
        }
    }
    static final class Code {
        int maxStack, maxLocals;
        byte[] code;
        List<int[]> handlers = new ArrayList<>();   // start, end, handler, catch_type
        List<Attr> attrs = new ArrayList<>();
        Code copy() {
            Code c = new Code();
            c.maxStack = maxStack; c.maxLocals = maxLocals; c.code = code.clone();
            for (int[] h : handlers) c.handlers.add(h.clone());
            for (Attr a : attrs) c.attrs.add(a.copy());
            return c;
        }
    }

    int magic, minor, major;
    List<byte[]> cp = new ArrayList<>();       // index 0 and the second slot of long/double: null
    int access, thisClass, superClass;
    List<Integer> interfaces = new ArrayList<>();
    List<Member> fields = new ArrayList<>(), methods = new ArrayList<>();
    List<Attr> attrs = new ArrayList<>();

    /** A deep copy (mutations change entries in place), cheaper than parsing again. */
    CfModel copy() {
        CfModel m = new CfModel();
        m.magic = magic; m.minor = minor; m.major = major;
        for (byte[] e : cp) m.cp.add(e == null ? null : e.clone());
        m.access = access; m.thisClass = thisClass; m.superClass = superClass;
        m.interfaces.addAll(interfaces);
        for (Member f : fields) m.fields.add(f.copy());
        for (Member f : methods) m.methods.add(f.copy());
        for (Attr a : attrs) m.attrs.add(a.copy());
        return m;
    }

    // ---- reading ----
    private byte[] b;
    private int p;
    private int codeName = -1;
    private int u1() { return b[p++] & 0xff; }
    private int u2() { int v = ((b[p] & 0xff) << 8) | (b[p + 1] & 0xff); p += 2; return v; }
    private int u4() { int v = (u2() << 16) | u2(); return v; }
    private byte[] bytes(int n) {
        if (n < 0 || p + n > b.length) throw new IllegalArgumentException("truncated");
        byte[] r = new byte[n]; System.arraycopy(b, p, r, 0, n); p += n; return r;
    }

    static CfModel parse(byte[] bytes) {
        CfModel m = new CfModel();
        m.b = bytes; m.p = 0;
        m.read();
        m.b = null;
        return m;
    }

    private void read() {
        magic = u4(); minor = u2(); major = u2();
        int n = u2();
        cp.add(null);
        for (int i = 1; i < n; i++) {
            int start = p;
            int tag = u1();
            switch (tag) {
                case 1: { int len = u2(); p += len; break; }
                case 3: case 4: p += 4; break;
                case 5: case 6: p += 8; break;
                case 7: case 8: case 16: case 19: case 20: p += 2; break;
                case 9: case 10: case 11: case 12: case 17: case 18: p += 4; break;
                case 15: p += 3; break;
                default: throw new IllegalArgumentException("tag " + tag);
            }
            int end = p; p = start;
            cp.add(bytes(end - start));
            if (tag == 5 || tag == 6) { cp.add(null); i++; }
        }
        access = u2(); thisClass = u2(); superClass = u2();
        n = u2();
        for (int i = 0; i < n; i++) interfaces.add(u2());
        readMembers(fields);
        readMembers(methods);
        readAttrs(attrs);
        if (p != b.length) throw new IllegalArgumentException("extra bytes");
    }
    private void readMembers(List<Member> into) {
        int n = u2();
        for (int i = 0; i < n; i++) {
            Member m = new Member();
            m.access = u2(); m.name = u2(); m.desc = u2();
            readAttrs(m.attrs);
            into.add(m);
        }
    }
    private void readAttrs(List<Attr> into) {
        int n = u2();
        for (int i = 0; i < n; i++) {
            int name = u2();
            int len = u4();
            Attr a = new Attr(name, bytes(len));
            if (codeName < 0) codeName = findUtf8("Code");
            if (name == codeName) a.code = parseCode(a.info);
            into.add(a);
        }
    }
    private static Code parseCode(byte[] info) {
        CfModel r = new CfModel();
        r.b = info; r.p = 0;
        Code c = new Code();
        c.maxStack = r.u2(); c.maxLocals = r.u2();
        c.code = r.bytes(r.u4());
        int n = r.u2();
        for (int i = 0; i < n; i++) c.handlers.add(new int[] { r.u2(), r.u2(), r.u2(), r.u2() });
        n = r.u2();
        for (int i = 0; i < n; i++) {
            int name = r.u2();
            c.attrs.add(new Attr(name, r.bytes(r.u4())));
        }
        if (r.p != info.length) throw new IllegalArgumentException("Code attribute length");
        return c;
    }

    String utf8(int i) {
        if (i <= 0 || i >= cp.size() || cp.get(i) == null || cp.get(i)[0] != 1) return null;
        byte[] e = cp.get(i);
        return new String(e, 3, e.length - 3, java.nio.charset.StandardCharsets.UTF_8);
    }
    int tag(int i) { return i > 0 && i < cp.size() && cp.get(i) != null ? cp.get(i)[0] & 0xff : 0; }
    int ref(int i, int which) { byte[] e = cp.get(i); return ((e[1 + 2 * which] & 0xff) << 8) | (e[2 + 2 * which] & 0xff); }
    String className(int i) { return tag(i) == 7 ? utf8(ref(i, 0)) : null; }
    int findUtf8(String s) {
        for (int i = 1; i < cp.size(); i++) if (s.equals(utf8(i))) return i;
        return 0;
    }
    int addUtf8(String s) {
        byte[] u = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] e = new byte[3 + u.length];
        e[0] = 1; e[1] = (byte) (u.length >> 8); e[2] = (byte) u.length;
        System.arraycopy(u, 0, e, 3, u.length);
        cp.add(e);
        return cp.size() - 1;
    }
    /** Every attribute of the class, its members and their Code attributes. */
    List<Attr> allAttrLists(List<List<Attr>> lists) {
        lists.add(attrs);
        for (Member m : fields) lists.add(m.attrs);
        for (Member m : methods) {
            lists.add(m.attrs);
            for (Attr a : m.attrs) if (a.code != null) lists.add(a.code.attrs);
        }
        return null;
    }
    List<Code> codes() {
        List<Code> r = new ArrayList<>();
        for (Member m : methods) for (Attr a : m.attrs) if (a.code != null) r.add(a.code);
        return r;
    }

    // ---- writing ----
    static final int MARK_COUNT = 0, MARK_LEN2 = 1, MARK_LEN4 = 2, MARK_CPIDX = 3, MARK_FLAGS = 4;
    /** After write(true): {offset, kind} of each count, length, index and flags field written. */
    List<int[]> marks;
    /** A plain growable buffer: ByteArrayOutputStream's synchronized write(int) per byte
     *  made writing most of the fuzzer's time on an interpreter. */
    static final class Buf {
        byte[] a = new byte[4096];
        int n;
        void write(int v) { if (n == a.length) a = java.util.Arrays.copyOf(a, n * 2); a[n++] = (byte) v; }
        void write(byte[] x, int off, int len) {
            if (n + len > a.length) a = java.util.Arrays.copyOf(a, Math.max(a.length * 2, n + len));
            System.arraycopy(x, off, a, n, len); n += len;
        }
        int size() { return n; }
        byte[] toByteArray() { return java.util.Arrays.copyOf(a, n); }
    }
    private Buf out;

    private void w2(int v) { out.write(v >> 8); out.write(v); }
    private void w4(int v) { w2(v >>> 16); w2(v & 0xffff); }
    private void mark(int kind) { if (marks != null) marks.add(new int[] { out.size(), kind }); }
    private void wb(byte[] x) { out.write(x, 0, x.length); }

    byte[] write() { return write(false); }
    /** With marked true, marks lists the fields written (raw mutations aim at them). */
    byte[] write(boolean marked) {
        marks = marked ? new ArrayList<>() : null;
        out = new Buf();
        w4(magic); w2(minor); w2(major);
        mark(MARK_COUNT); w2(cp.size());
        for (int i = 1; i < cp.size(); i++) {
            byte[] e = cp.get(i);
            if (e == null) continue;
            int tag = e[0] & 0xff;
            if (marks == null) { /* not asked */ }
            else if (tag == 1 && e.length >= 3) marks.add(new int[] { out.size() + 1, MARK_LEN2 });
            else if (tag == 15 && e.length == 4) marks.add(new int[] { out.size() + 2, MARK_CPIDX });
            else if (tag != 3 && tag != 4 && tag != 5 && tag != 6)
                for (int k = 1; k + 1 < e.length; k += 2) marks.add(new int[] { out.size() + k, MARK_CPIDX });
            wb(e);
        }
        mark(MARK_FLAGS); w2(access);
        mark(MARK_CPIDX); w2(thisClass);
        mark(MARK_CPIDX); w2(superClass);
        mark(MARK_COUNT); w2(interfaces.size());
        for (int i : interfaces) { mark(MARK_CPIDX); w2(i); }
        writeMembers(fields);
        writeMembers(methods);
        writeAttrs(attrs);
        byte[] r = out.toByteArray();
        out = null;
        return r;
    }
    /** The info bytes of a Code attribute; the marks inside it are added to innerMarks
     *  (unless null). */
    byte[] codeInfo(Code c, List<int[]> innerMarks) {
        Buf saved = out;
        List<int[]> savedMarks = marks;
        out = new Buf();
        marks = innerMarks;
        mark(MARK_COUNT); w2(c.maxStack);
        mark(MARK_COUNT); w2(c.maxLocals);
        mark(MARK_LEN4); w4(c.code.length);
        wb(c.code);
        mark(MARK_COUNT); w2(c.handlers.size());
        for (int[] h : c.handlers) {
            mark(MARK_COUNT); w2(h[0]);
            mark(MARK_COUNT); w2(h[1]);
            mark(MARK_COUNT); w2(h[2]);
            mark(MARK_CPIDX); w2(h[3]);
        }
        writeAttrs(c.attrs);
        byte[] info = out.toByteArray();
        out = saved; marks = savedMarks;
        return info;
    }
    private void writeMembers(List<Member> ms) {
        mark(MARK_COUNT); w2(ms.size());
        for (Member m : ms) {
            mark(MARK_FLAGS); w2(m.access);
            mark(MARK_CPIDX); w2(m.name);
            mark(MARK_CPIDX); w2(m.desc);
            writeAttrs(m.attrs);
        }
    }
    private void writeAttrs(List<Attr> as) {
        mark(MARK_COUNT); w2(as.size());
        for (Attr a : as) {
            mark(MARK_CPIDX); w2(a.name);
            if (a.code == null) {
                mark(MARK_LEN4); w4(a.info.length);
                wb(a.info);
                continue;
            }
            List<int[]> inner = marks != null ? new ArrayList<>() : null;
            byte[] info = codeInfo(a.code, inner);
            mark(MARK_LEN4); w4(info.length);
            int base = out.size();
            if (inner != null) for (int[] mk : inner) marks.add(new int[] { base + mk[0], mk[1] });
            wb(info);
        }
    }
}
