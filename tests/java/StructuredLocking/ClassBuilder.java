// A tiny class-file emitter (a copy of VerifyErrors/ClassBuilder.java: each test compiles
// its own support files). It builds a constant pool, fields, methods with a Code attribute
// (code bytes, exception table, optional StackMapTable) and the BootstrapMethods
// attribute, and nothing else.
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

final class ClassBuilder {
    final int major;
    final String name;
    private final ByteArrayOutputStream poolBytes = new ByteArrayOutputStream();
    private final DataOutputStream pool = new DataOutputStream(poolBytes);
    private int poolCount = 1;
    private final Map<String, Integer> poolCache = new HashMap<>();
    int access = 0x21; // ACC_PUBLIC | ACC_SUPER
    final int thisClass, superClass;
    private final List<Integer> interfaces = new ArrayList<>();
    private final List<byte[]> fields = new ArrayList<>();
    private final List<byte[]> methods = new ArrayList<>();
    private final List<byte[]> bootstraps = new ArrayList<>();

    ClassBuilder(int major, String name, String superName) {
        this.major = major;
        this.name = name;
        thisClass = cls(name);
        superClass = cls(superName);
    }

    // ---- constant pool ----
    private int entry(String key, int slots, byte[] bytes) {
        Integer old = poolCache.get(key);
        if (old != null) return old;
        int idx = poolCount;
        poolBytes.write(bytes, 0, bytes.length);
        poolCount += slots;
        poolCache.put(key, idx);
        return idx;
    }
    private static byte[] data(Writer w) {
        try {
            ByteArrayOutputStream bo = new ByteArrayOutputStream();
            DataOutputStream o = new DataOutputStream(bo);
            w.write(o);
            return bo.toByteArray();
        } catch (IOException e) { throw new RuntimeException(e); }
    }
    interface Writer { void write(DataOutputStream o) throws IOException; }

    int utf8(String s) { return entry("U" + s, 1, data(o -> { o.writeByte(1); o.writeUTF(s); })); }
    int cls(String n) { int u = utf8(n); return entry("C" + n, 1, data(o -> { o.writeByte(7); o.writeShort(u); })); }
    int string(String s) { int u = utf8(s); return entry("S" + s, 1, data(o -> { o.writeByte(8); o.writeShort(u); })); }
    int integer(int v) { return entry("I" + v, 1, data(o -> { o.writeByte(3); o.writeInt(v); })); }
    int flt(float v) { return entry("F" + v, 1, data(o -> { o.writeByte(4); o.writeFloat(v); })); }
    int lng(long v) { return entry("J" + v, 2, data(o -> { o.writeByte(5); o.writeLong(v); })); }
    int dbl(double v) { return entry("D" + v, 2, data(o -> { o.writeByte(6); o.writeDouble(v); })); }
    int nat(String n, String d) {
        int a = utf8(n), b = utf8(d);
        return entry("N" + n + " " + d, 1, data(o -> { o.writeByte(12); o.writeShort(a); o.writeShort(b); }));
    }
    private int member(int tag, String owner, String n, String d) {
        int c = cls(owner), nt = nat(n, d);
        return entry(tag + owner + "." + n + d, 1, data(o -> { o.writeByte(tag); o.writeShort(c); o.writeShort(nt); }));
    }
    int field(String owner, String n, String d) { return member(9, owner, n, d); }
    int method(String owner, String n, String d) { return member(10, owner, n, d); }
    int imethod(String owner, String n, String d) { return member(11, owner, n, d); }
    int methodType(String d) { int u = utf8(d); return entry("T" + d, 1, data(o -> { o.writeByte(16); o.writeShort(u); })); }
    int methodHandle(int kind, int ref) { return entry("H" + kind + "," + ref, 1, data(o -> { o.writeByte(15); o.writeByte(kind); o.writeShort(ref); })); }
    int indy(int bsm, String n, String d) {
        int nt = nat(n, d);
        return entry("Y" + bsm + n + d, 1, data(o -> { o.writeByte(18); o.writeShort(bsm); o.writeShort(nt); }));
    }
    int condy(int bsm, String n, String d) {
        int nt = nat(n, d);
        return entry("Q" + bsm + n + d, 1, data(o -> { o.writeByte(17); o.writeShort(bsm); o.writeShort(nt); }));
    }
    int bootstrap(int mh, int... args) {
        bootstraps.add(data(o -> { o.writeShort(mh); o.writeShort(args.length); for (int a : args) o.writeShort(a); }));
        return bootstraps.size() - 1;
    }
    int poolCount() { return poolCount; }

    // ---- members ----
    ClassBuilder iface(String n) { interfaces.add(cls(n)); return this; }

    ClassBuilder field(int acc, String n, String d) {
        int a = utf8(n), b = utf8(d);
        fields.add(data(o -> { o.writeShort(acc); o.writeShort(a); o.writeShort(b); o.writeShort(0); }));
        return this;
    }

    /** A method with the given Code (null: no Code attribute, for abstract/native). */
    ClassBuilder method(int acc, String n, String d, Code code) {
        int a = utf8(n), b = utf8(d);
        int codeName = utf8("Code");
        int smtName = code != null && code.stackMap != null ? utf8("StackMapTable") : 0;
        methods.add(data(o -> {
            o.writeShort(acc); o.writeShort(a); o.writeShort(b);
            if (code == null) { o.writeShort(0); return; }
            o.writeShort(1);
            byte[] body = code.bytes();
            byte[] smt = code.stackMap == null ? null : code.stackMap.bytes();
            int len = 2 + 2 + 4 + body.length + 2 + 8 * code.handlers.size() + 2 + (smt == null ? 0 : 6 + smt.length);
            o.writeShort(codeName); o.writeInt(len);
            o.writeShort(code.maxStack); o.writeShort(code.maxLocals);
            o.writeInt(body.length); o.write(body);
            o.writeShort(code.handlers.size());
            for (int[] h : code.handlers) { o.writeShort(h[0]); o.writeShort(h[1]); o.writeShort(h[2]); o.writeShort(h[3]); }
            if (smt == null) { o.writeShort(0); }
            else { o.writeShort(1); o.writeShort(smtName); o.writeInt(smt.length); o.write(smt); }
        }));
        return this;
    }

    /** The usual public no-argument constructor calling super(). */
    ClassBuilder defaultInit(String superName) {
        Code c = new Code(1, 1).op(Op.ALOAD_0).op(Op.INVOKESPECIAL).u2(method(superName, "<init>", "()V")).op(Op.RETURN);
        return method(1, "<init>", "()V", c);
    }

    byte[] bytes() {
        int bsmName = bootstraps.isEmpty() ? 0 : utf8("BootstrapMethods");
        return data(o -> {
            o.writeInt(0xCAFEBABE); o.writeShort(0); o.writeShort(major);
            o.writeShort(poolCount); o.write(poolBytes.toByteArray());
            o.writeShort(access); o.writeShort(thisClass); o.writeShort(superClass);
            o.writeShort(interfaces.size()); for (int i : interfaces) o.writeShort(i);
            o.writeShort(fields.size()); for (byte[] f : fields) o.write(f);
            o.writeShort(methods.size()); for (byte[] m : methods) o.write(m);
            if (bootstraps.isEmpty()) { o.writeShort(0); return; }
            o.writeShort(1); o.writeShort(bsmName);
            int len = 2; for (byte[] b : bootstraps) len += b.length;
            o.writeInt(len); o.writeShort(bootstraps.size());
            for (byte[] b : bootstraps) o.write(b);
        });
    }

    // ---- code ----
    static final class Code {
        int maxStack, maxLocals;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final List<int[]> handlers = new ArrayList<>();
        StackMap stackMap;
        private final Map<String, Integer> labels = new HashMap<>();
        private final List<Object[]> fixups = new ArrayList<>(); // {label, at, base, wide}

        Code(int maxStack, int maxLocals) { this.maxStack = maxStack; this.maxLocals = maxLocals; }
        int pc() { return out.size(); }
        Code op(int... bytes) { for (int b : bytes) out.write(b); return this; }
        Code u1(int v) { out.write(v); return this; }
        Code u2(int v) { out.write(v >> 8); out.write(v); return this; }
        Code u4(int v) { u2(v >>> 16); return u2(v & 0xffff); }
        Code label(String l) { labels.put(l, pc()); return this; }
        /** A branch instruction with a 2-byte offset to a label. */
        Code jump(int opcode, String l) { int base = pc(); op(opcode); fixups.add(new Object[] { l, pc(), base, false }); return u2(0); }
        Code jumpw(int opcode, String l) { int base = pc(); op(opcode); fixups.add(new Object[] { l, pc(), base, true }); return u4(0); }
        /** tableswitch low..high with targets; padding written as zeros. */
        Code tableswitch(int low, int high, String dflt, String... targets) {
            int base = pc(); op(Op.TABLESWITCH); while (pc() % 4 != 0) u1(0);
            fixups.add(new Object[] { dflt, pc(), base, true }); u4(0); u4(low); u4(high);
            for (String t : targets) { fixups.add(new Object[] { t, pc(), base, true }); u4(0); }
            return this;
        }
        Code lookupswitch(String dflt, int[] keys, String... targets) {
            int base = pc(); op(Op.LOOKUPSWITCH); while (pc() % 4 != 0) u1(0);
            fixups.add(new Object[] { dflt, pc(), base, true }); u4(0); u4(keys.length);
            for (int i = 0; i < keys.length; i++) { u4(keys[i]); fixups.add(new Object[] { targets[i], pc(), base, true }); u4(0); }
            return this;
        }
        int at(String l) { Integer v = labels.get(l); if (v == null) throw new IllegalStateException("label " + l); return v; }
        Code handler(String start, String end, String handler, int catchType) {
            handlers.add(new int[] { at(start), at(end), at(handler), catchType });
            return this;
        }
        Code handler(int start, int end, int handler, int catchType) {
            handlers.add(new int[] { start, end, handler, catchType });
            return this;
        }
        Code stackMap(StackMap sm) { stackMap = sm; return this; }
        private final List<int[]> patches = new ArrayList<>();
        /** Overwrites one byte of the finished code (for malformed instructions). */
        Code patch(int at, int v) { patches.add(new int[] { at, v }); return this; }
        byte[] bytes() {
            byte[] b = out.toByteArray();
            for (Object[] f : fixups) {
                int off = at((String) f[0]) - (Integer) f[2], p = (Integer) f[1];
                if ((Boolean) f[3]) { b[p] = (byte) (off >> 24); b[p + 1] = (byte) (off >> 16); b[p + 2] = (byte) (off >> 8); b[p + 3] = (byte) off; }
                else { b[p] = (byte) (off >> 8); b[p + 1] = (byte) off; }
            }
            for (int[] p : patches) b[p[0]] = (byte) p[1];
            return b;
        }
    }

    // ---- stack map table ----
    // Verification types are ints: the tag in the low byte, the CP index or offset above it.
    static final int TOP = 0, INT = 1, FLOAT = 2, DOUBLE = 3, LONG = 4, NULL = 5, UNINIT_THIS = 6;
    static int obj(int cpIndex) { return 7 | (cpIndex << 8); }
    static int uninit(int offset) { return 8 | (offset << 8); }

    static final class StackMap {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private int count, last = -1;
        private int delta(int bci) { int d = last < 0 ? bci : bci - last - 1; last = bci; count++; return d; }
        private void type(int t) { out.write(t & 0xff); if ((t & 0xff) >= 7) { out.write(t >> 16); out.write(t >> 8); } }
        private void u2(int v) { out.write(v >> 8); out.write(v); }
        StackMap same(int bci) { int d = delta(bci); if (d < 64) out.write(d); else { out.write(251); u2(d); } return this; }
        StackMap same1(int bci, int t) { int d = delta(bci); if (d < 64) out.write(64 + d); else { out.write(247); u2(d); } type(t); return this; }
        StackMap chop(int bci, int k) { int d = delta(bci); out.write(251 - k); u2(d); return this; }
        StackMap append(int bci, int... ts) { int d = delta(bci); out.write(251 + ts.length); u2(d); for (int t : ts) type(t); return this; }
        StackMap full(int bci, int[] locals, int... stack) {
            int d = delta(bci); out.write(255); u2(d);
            u2(locals.length); for (int t : locals) type(t);
            u2(stack.length); for (int t : stack) type(t);
            return this;
        }
        /** Raw bytes for deliberately malformed frames; counts as one frame. */
        StackMap raw(int... bytes) { for (int b : bytes) out.write(b); count++; return this; }
        /** Overrides the frame count written in front of the frames. */
        int countOverride = -1;
        byte[] bytes() {
            byte[] f = out.toByteArray();
            byte[] r = new byte[f.length + 2];
            int n = countOverride >= 0 ? countOverride : count;
            r[0] = (byte) (n >> 8); r[1] = (byte) n;
            System.arraycopy(f, 0, r, 2, f.length);
            return r;
        }
    }
    static int[] locals(int... ts) { return ts; }
}
