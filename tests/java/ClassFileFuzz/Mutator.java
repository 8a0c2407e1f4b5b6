// Deterministic class-file mutations (a mutant is a function of the input bytes and a
// seed): raw ones on the bytes (bit flips, boundary values, truncation, insertion,
// deletion, the u2/u4 counts, lengths, indexes and flags write() marked) and
// structure-aware ones on a CfModel (constant-pool tags and indexes, access flags,
// members and attributes dropped or duplicated, code bytes: opcodes and their operands,
// branch offsets, local indexes, max_stack/max_locals, exception tables, StackMapTable
// frames), written back.
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

final class Mutator {
    static final int[] BOUNDARY1 = { 0, 1, 0x7f, 0x80, 0xfe, 0xff };
    static final int[] BOUNDARY2 = { 0, 1, 2, 0x7fff, 0x8000, 0xfffe, 0xffff };

    final Random r;
    String kind = "?";
    Mutator(long seed) { r = new Random(seed); }

    /** A mutant of orig; parsed is CfModel.parse(orig), left unchanged. */
    byte[] mutate(byte[] orig, CfModel parsed) {
        if (r.nextInt(3) == 0) return raw(orig, parsed.copy());
        for (int attempt = 0; attempt < 20; attempt++) {
            CfModel c = parsed.copy();
            if (structural(c)) return c.write();
        }
        return raw(orig, parsed.copy());
    }

    // ---- raw mutations ----
    byte[] raw(byte[] orig, CfModel m) {
        byte[] b = orig.clone();
        int n = b.length;
        switch (r.nextInt(9)) {
            case 0: {
                kind = "raw.bitflip";
                int k = 1 + r.nextInt(4);
                for (int i = 0; i < k; i++) b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
                return b;
            }
            case 1:
                kind = "raw.byte";
                b[r.nextInt(n)] = (byte) BOUNDARY1[r.nextInt(BOUNDARY1.length)];
                return b;
            case 2: {
                kind = "raw.u2";
                int p = r.nextInt(n - 1);
                put2(b, p, u2v(get2(b, p)));
                return b;
            }
            case 3:
                kind = "raw.truncate";
                return java.util.Arrays.copyOf(b, r.nextInt(n));
            case 4: {
                kind = "raw.insert";
                int p = r.nextInt(n + 1), k = 1 + r.nextInt(8);
                byte[] x = new byte[n + k];
                System.arraycopy(b, 0, x, 0, p);
                for (int i = 0; i < k; i++) x[p + i] = (byte) (r.nextBoolean() ? r.nextInt(256) : 0);
                System.arraycopy(b, p, x, p + k, n - p);
                return x;
            }
            case 5: {
                kind = "raw.delete";
                int k = 1 + r.nextInt(8), p = r.nextInt(Math.max(1, n - k));
                byte[] x = new byte[n - k];
                System.arraycopy(b, 0, x, 0, p);
                System.arraycopy(b, p + k, x, p, n - k - p);
                return x;
            }
            default: {
                m.write(true);
                List<int[]> marks = new ArrayList<>();
                int want = r.nextInt(5);
                for (int[] mk : m.marks) if (mk[1] == want) marks.add(mk);
                if (marks.isEmpty()) marks = m.marks;
                int[] mk = marks.get(r.nextInt(marks.size()));
                int p = mk[0];
                switch (mk[1]) {
                    case CfModel.MARK_LEN4: {
                        kind = "raw.len4";
                        int v = get4(b, p);
                        int[] vs = { v + 1, v - 1, 0, v + 2 + r.nextInt(16), v / 2, 0x7fffffff, -1 };
                        put4(b, p, vs[r.nextInt(vs.length)]);
                        return b;
                    }
                    case CfModel.MARK_FLAGS:
                        kind = "raw.flags";
                        put2(b, p, get2(b, p) ^ (1 << r.nextInt(16)));
                        return b;
                    case CfModel.MARK_CPIDX: {
                        kind = "raw.cpidx";
                        int cpn = m.cp.size();
                        int[] vs = { 0, cpn, cpn - 1, cpn + 1, 0xffff, 1 + r.nextInt(cpn - 1), 1 + r.nextInt(cpn - 1) };
                        put2(b, p, vs[r.nextInt(vs.length)]);
                        return b;
                    }
                    default:
                        kind = mk[1] == CfModel.MARK_COUNT ? "raw.count" : "raw.len2";
                        put2(b, p, u2v(get2(b, p)));
                        return b;
                }
            }
        }
    }
    int u2v(int v) {
        if (r.nextBoolean()) return BOUNDARY2[r.nextInt(BOUNDARY2.length)];
        return (v + (r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(3))) & 0xffff;
    }

    // ---- structure-aware mutations; false when the chosen one does not apply ----
    boolean structural(CfModel m) {
        switch (r.nextInt(13)) {
            case 12: {   // other verifiers (< 50: type inference; 50: failover) and versions
                kind = "class.version";
                int[] majors = { 45, 46, 49, 50, 51, 52, 55, 60, 62, 44, 0xffff };
                m.major = majors[r.nextInt(majors.length)];
                if (r.nextInt(4) == 0) m.minor = BOUNDARY2[r.nextInt(BOUNDARY2.length)];
                return true;
            }
            case 0: return cpTag(m);
            case 1: return cpRef(m);
            case 2: return cpUtf8(m);
            case 3: return flags(m);
            case 4: return classRefs(m);
            case 5: return members(m);
            case 6: return attributes(m);
            case 7: case 8: case 9: return code(m);
            case 10: return handlers(m);
            default: return stackMap(m);
        }
    }

    boolean cpTag(CfModel m) {
        int i = 1 + r.nextInt(m.cp.size() - 1);
        byte[] e = m.cp.get(i);
        if (e == null) return false;
        int tag = e[0];
        int[] same;
        switch (e.length) {   // tags whose entries have the same size, so the pool still parses
            case 3: same = tag == 1 ? new int[] { 7, 8 } : new int[] { 7, 8, 16, 19, 20 }; break;
            case 5: same = new int[] { 3, 4, 9, 10, 11, 12, 17, 18 }; break;
            case 9: same = new int[] { 5, 6 }; break;
            default: same = new int[] { 2, 13, 14, 21, 0, 99 }; break;
        }
        int nt = same[r.nextInt(same.length)];
        if (nt == tag) return false;
        kind = "cp.tag";
        e[0] = (byte) nt;
        return true;
    }
    boolean cpRef(CfModel m) {
        int i = 1 + r.nextInt(m.cp.size() - 1);
        byte[] e = m.cp.get(i);
        if (e == null) return false;
        int tag = e[0];
        if (tag == 15) {          // MethodHandle: reference_kind or reference_index
            kind = "cp.mhandle";
            if (r.nextBoolean()) e[1] = (byte) r.nextInt(11);
            else put2(e, 2, 1 + r.nextInt(m.cp.size() - 1));
            return true;
        }
        if (tag == 1 || tag == 3 || tag == 4 || tag == 5 || tag == 6) return false;
        kind = "cp.ref";
        int k = 1 + 2 * r.nextInt((e.length - 1) / 2);
        put2(e, k, r.nextInt(8) == 0 ? m.cp.size() + r.nextInt(3) : 1 + r.nextInt(m.cp.size() - 1));
        return true;
    }
    static final String[] UTF_CHARS = { "/", ";", "[", ".", "<", ">", "L", "V", "(", ")", "", "//", "[[[[", "I" };
    boolean cpUtf8(CfModel m) {
        int i = 1 + r.nextInt(m.cp.size() - 1);
        String s = m.utf8(i);
        if (s == null) return false;
        kind = "cp.utf8";
        byte[] e = m.cp.get(i);
        int sel = r.nextInt(4);
        if (sel == 0 && e.length > 3) {     // invalid modified UTF-8 (JVMS 4.4.7)
            byte[] bad = { 0, (byte) 0xc0, (byte) 0xf0, (byte) 0xed, (byte) 0x80, (byte) 0xff };
            e[3 + r.nextInt(e.length - 3)] = bad[r.nextInt(bad.length)];
            return true;
        }
        String rep = UTF_CHARS[r.nextInt(UTF_CHARS.length)];
        int p = s.isEmpty() ? 0 : r.nextInt(s.length() + 1);
        String t;
        if (sel == 1) t = s.substring(0, p) + rep + s.substring(Math.min(s.length(), p + 1));
        else if (sel == 2) t = s.substring(0, p);
        else t = s.substring(0, p) + rep + s.substring(p);
        byte[] u = t.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] x = new byte[3 + u.length];
        x[0] = 1; put2(x, 1, u.length);
        System.arraycopy(u, 0, x, 3, u.length);
        m.cp.set(i, x);
        return true;
    }
    boolean flags(CfModel m) {
        int bit = 1 << r.nextInt(16);
        switch (r.nextInt(3)) {
            case 0: kind = "flags.class"; m.access ^= bit; return true;
            case 1:
                if (m.fields.isEmpty()) return false;
                kind = "flags.field"; m.fields.get(r.nextInt(m.fields.size())).access ^= bit; return true;
            default:
                if (m.methods.isEmpty()) return false;
                kind = "flags.method"; m.methods.get(r.nextInt(m.methods.size())).access ^= bit; return true;
        }
    }
    int anyClassIndex(CfModel m) {
        List<Integer> cls = new ArrayList<>();
        for (int i = 1; i < m.cp.size(); i++) if (m.tag(i) == 7) cls.add(i);
        if (cls.isEmpty() || r.nextInt(6) == 0) return r.nextInt(m.cp.size() + 1);
        return cls.get(r.nextInt(cls.size()));
    }
    boolean classRefs(CfModel m) {
        switch (r.nextInt(5)) {
            case 0: kind = "class.super"; m.superClass = r.nextInt(4) == 0 ? 0 : anyClassIndex(m); return true;
            case 1: kind = "class.this"; m.thisClass = anyClassIndex(m); return true;
            case 2: kind = "class.addiface"; m.interfaces.add(anyClassIndex(m)); return true;
            case 3:
                if (m.interfaces.isEmpty()) return false;
                kind = "class.dupiface"; m.interfaces.add(m.interfaces.get(0)); return true;
            default:
                if (m.interfaces.isEmpty()) return false;
                kind = "class.dropiface"; m.interfaces.remove(r.nextInt(m.interfaces.size())); return true;
        }
    }
    int anyUtf8(CfModel m) {
        for (int k = 0; k < 50; k++) {
            int i = 1 + r.nextInt(m.cp.size() - 1);
            if (m.tag(i) == 1) return i;
        }
        return 1;
    }
    boolean members(CfModel m) {
        List<CfModel.Member> list = r.nextBoolean() ? m.fields : m.methods;
        String what = list == m.fields ? "field" : "method";
        if (list.isEmpty()) return false;
        int i = r.nextInt(list.size());
        switch (r.nextInt(4)) {
            case 0: kind = what + ".dup"; list.add(r.nextInt(list.size() + 1), list.get(i).copy()); return true;
            case 1: kind = what + ".drop"; list.remove(i); return true;
            case 2: kind = what + ".name"; list.get(i).name = anyUtf8(m); return true;
            default: kind = what + ".desc"; list.get(i).desc = anyUtf8(m); return true;
        }
    }
    static final String[] ATTR_NAMES = { "Code", "StackMapTable", "Exceptions", "ConstantValue", "Signature",
        "InnerClasses", "EnclosingMethod", "BootstrapMethods", "NestHost", "NestMembers", "Record",
        "PermittedSubclasses", "LineNumberTable", "LocalVariableTable", "LocalVariableTypeTable",
        "RuntimeVisibleAnnotations", "RuntimeVisibleParameterAnnotations", "AnnotationDefault",
        "MethodParameters", "SourceFile", "Deprecated", "Synthetic", "Module", "SourceDebugExtension" };
    boolean attributes(CfModel m) {
        List<List<CfModel.Attr>> lists = new ArrayList<>();
        m.allAttrLists(lists);
        List<List<CfModel.Attr>> nonEmpty = new ArrayList<>();
        for (List<CfModel.Attr> l : lists) if (!l.isEmpty()) nonEmpty.add(l);
        if (nonEmpty.isEmpty()) return false;
        List<CfModel.Attr> l = nonEmpty.get(r.nextInt(nonEmpty.size()));
        int i = r.nextInt(l.size());
        CfModel.Attr a = l.get(i);
        switch (r.nextInt(6)) {
            case 0: kind = "attr.drop"; l.remove(i); return true;
            case 1: kind = "attr.dup"; l.add(r.nextInt(l.size() + 1), a.copy()); return true;
            case 2: {   // renamed to another attribute's name: its contents read as that attribute's
                kind = "attr.rename";
                String nm = ATTR_NAMES[r.nextInt(ATTR_NAMES.length)];
                int idx = m.findUtf8(nm);
                a.name = idx != 0 ? idx : m.addUtf8(nm);
                if (!"Code".equals(nm)) {
                    if (a.code != null) { a.info = serialize(m, a); a.code = null; }
                } else if (a.code == null) {
                    try { a.code = parseCodeInfo(a.info); } catch (RuntimeException e) { /* stays raw */ }
                }
                return true;
            }
            case 3: {
                kind = "attr.truncate";
                byte[] info = a.code != null ? serialize(m, a) : a.info;
                if (info.length == 0) return false;
                a.code = null;
                a.info = java.util.Arrays.copyOf(info, r.nextInt(info.length));
                return true;
            }
            case 4: {
                kind = "attr.extend";
                byte[] info = a.code != null ? serialize(m, a) : a.info;
                a.code = null;
                a.info = java.util.Arrays.copyOf(info, info.length + 1 + r.nextInt(4));
                return true;
            }
            default: {
                kind = "attr.byte";
                byte[] info = a.code != null ? serialize(m, a) : a.info;
                if (info.length == 0) return false;
                a.code = null;
                a.info = info;
                if (info.length >= 2 && r.nextBoolean()) {
                    int p = r.nextInt(info.length - 1);
                    put2(info, p, u2v(get2(info, p)));
                } else info[r.nextInt(info.length)] = (byte) BOUNDARY1[r.nextInt(BOUNDARY1.length)];
                return true;
            }
        }
    }
    static byte[] serialize(CfModel m, CfModel.Attr a) {
        return m.codeInfo(a.code, null);
    }
    static CfModel.Code parseCodeInfo(byte[] info) {
        CfModel tmp = new CfModel();
        byte[] e = { 1, 0, 4, 'C', 'o', 'd', 'e' };
        tmp.cp.add(null); tmp.cp.add(e);
        // a minimal class file around the attribute lets CfModel.parse do the work
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        byte[] head = { (byte) 0xca, (byte) 0xfe, (byte) 0xba, (byte) 0xbe, 0, 0, 0, 61, 0, 2 };
        o.write(head, 0, head.length);
        o.write(e, 0, e.length);
        byte[] mid = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1 };
        o.write(mid, 0, mid.length);
        o.write(info.length >>> 24); o.write(info.length >>> 16); o.write(info.length >>> 8); o.write(info.length);
        o.write(info, 0, info.length);
        o.write(0); o.write(0);
        CfModel c = CfModel.parse(o.toByteArray());
        CfModel.Code code = c.methods.get(0).attrs.get(0).code;
        if (code == null) throw new IllegalArgumentException();
        return code;
    }

    // ---- code ----
    static int insnLength(byte[] code, int pc) {
        int op = code[pc] & 0xff;
        switch (op) {
            case 0x10: case 0x12: case 0xbc: case 0xa9: return 2;
            case 0x15: case 0x16: case 0x17: case 0x18: case 0x19:
            case 0x36: case 0x37: case 0x38: case 0x39: case 0x3a: return 2;
            case 0x11: case 0x13: case 0x14: case 0x84: case 0xbb: case 0xbd: case 0xc0: case 0xc1: return 3;
            case 0xc5: return 4;
            case 0xb9: case 0xba: case 0xc8: case 0xc9: return 5;
            case 0xc4: return (code.length > pc + 1 && (code[pc + 1] & 0xff) == 0x84) ? 6 : 4;
            case 0xaa: {
                int p = (pc + 4) & ~3;
                if (p + 12 > code.length) return -1;
                int lo = get4(code, p + 4), hi = get4(code, p + 8);
                long n = (long) hi - lo + 1;
                if (n < 0 || n > 65536) return -1;
                return (int) (p + 12 + 4 * n - pc);
            }
            case 0xab: {
                int p = (pc + 4) & ~3;
                if (p + 8 > code.length) return -1;
                int n = get4(code, p + 4);
                if (n < 0 || n > 65536) return -1;
                return p + 8 + 8 * n - pc;
            }
        }
        if (op >= 0x99 && op <= 0xa8 || op == 0xc6 || op == 0xc7 || op >= 0xb2 && op <= 0xb8) return 3;
        return 1;
    }
    static List<Integer> insnStarts(byte[] code) {
        List<Integer> r = new ArrayList<>();
        for (int pc = 0; pc < code.length; ) {
            r.add(pc);
            int n = insnLength(code, pc);
            if (n <= 0) break;
            pc += n;
        }
        return r;
    }
    // opcodes grouped by instruction length, for replacements that keep the layout
    static final int[] LEN1 = { 0x00, 0x01, 0x02, 0x03, 0x08, 0x09, 0x0b, 0x0e, 0x1a, 0x1e, 0x22, 0x26, 0x2a, 0x2b,
        0x2e, 0x32, 0x33, 0x3b, 0x4b, 0x4c, 0x4f, 0x53, 0x57, 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5f, 0x60, 0x61, 0x6c,
        0x74, 0x85, 0x88, 0x94, 0xac, 0xad, 0xb0, 0xb1, 0xbe, 0xbf, 0xc2, 0xc3, 0xca, 0xcb, 0xfe, 0xff };
    static final int[] LEN2 = { 0x10, 0x12, 0x15, 0x16, 0x17, 0x18, 0x19, 0x36, 0x37, 0x39, 0x3a, 0xa9, 0xbc };
    static final int[] LEN3 = { 0x11, 0x13, 0x14, 0x84, 0x99, 0x9f, 0xa5, 0xa7, 0xa8, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
        0xb7, 0xb8, 0xbb, 0xbd, 0xc0, 0xc1, 0xc6, 0xc7 };

    boolean code(CfModel m) {
        List<CfModel.Code> codes = m.codes();
        if (codes.isEmpty()) return false;
        CfModel.Code c = codes.get(r.nextInt(codes.size()));
        if (c.code.length == 0) return false;
        List<Integer> starts = insnStarts(c.code);
        int pc = starts.get(r.nextInt(starts.size()));
        int op = c.code[pc] & 0xff;
        int len = insnLength(c.code, pc);
        switch (r.nextInt(10)) {
            case 0: kind = "code.maxstack"; c.maxStack = r.nextBoolean() ? Math.max(0, c.maxStack - 1 - r.nextInt(2)) : BOUNDARY2[r.nextInt(BOUNDARY2.length)]; return true;
            case 1: kind = "code.maxlocals"; c.maxLocals = r.nextBoolean() ? Math.max(0, c.maxLocals - 1 - r.nextInt(2)) : BOUNDARY2[r.nextInt(BOUNDARY2.length)]; return true;
            case 2: kind = "code.opcode.any"; c.code[pc] = (byte) r.nextInt(256); return true;
            case 3: {
                kind = "code.opcode.samelen";
                int[] pool = len == 1 ? LEN1 : len == 2 ? LEN2 : len == 3 ? LEN3 : null;
                if (pool == null) return false;
                c.code[pc] = (byte) pool[r.nextInt(pool.length)];
                return true;
            }
            case 4: {   // an operand: local index, constant-pool index, immediate, branch offset
                if (len < 2 || pc + len > c.code.length) return false;
                kind = "code.operand";
                if (op >= 0x99 && op <= 0xa8 || op == 0xc6 || op == 0xc7) {
                    kind = "code.branch";
                    int off = (short) get2(c.code, pc + 1);
                    int[] vs = { 0, 1, 2, -1, off + 1, off - 1, -pc - 1, c.code.length - pc, c.code.length - pc - 1, 3, -3 };
                    put2(c.code, pc + 1, vs[r.nextInt(vs.length)]);
                } else if (op == 0xaa || op == 0xab) {
                    kind = "code.switch";
                    int p = (pc + 4) & ~3;
                    int which = r.nextInt((len - (p - pc)) / 4);
                    int q = p + 4 * which;
                    int v = get4(c.code, q);
                    int[] vs = { v + 1, v - 1, 0, -pc, 0x7fffffff, 0x80000000, v + 4 };
                    put4(c.code, q, vs[r.nextInt(vs.length)]);
                } else if (op == 0xa9 || op >= 0x15 && op <= 0x19 || op >= 0x36 && op <= 0x3a || op == 0x84) {
                    kind = "code.local";
                    int v = c.code[pc + 1] & 0xff;
                    int[] vs = { v + 1, v - 1, 0, 0xff, c.maxLocals, c.maxLocals - 1 };
                    c.code[pc + 1] = (byte) vs[r.nextInt(vs.length)];
                } else if (op == 0x12 || op == 0xbc || op == 0x10) {
                    c.code[pc + 1] = (byte) (r.nextBoolean() ? r.nextInt(256) : BOUNDARY1[r.nextInt(BOUNDARY1.length)]);
                } else {
                    kind = "code.cpidx";
                    int[] vs = { 0, 1 + r.nextInt(m.cp.size() - 1), m.cp.size(), 0xffff };
                    put2(c.code, pc + 1, vs[r.nextInt(vs.length)]);
                }
                return true;
            }
            case 5: {   // an instruction removed, or one byte inserted, shifting everything after it
                if (len <= 0) return false;
                byte[] x;
                if (r.nextBoolean()) {
                    kind = "code.delete";
                    x = new byte[c.code.length - Math.min(len, c.code.length - pc)];
                    System.arraycopy(c.code, 0, x, 0, pc);
                    System.arraycopy(c.code, pc + (c.code.length - x.length), x, pc, x.length - pc);
                } else {
                    kind = "code.insert";
                    x = new byte[c.code.length + 1];
                    System.arraycopy(c.code, 0, x, 0, pc);
                    x[pc] = (byte) (r.nextBoolean() ? 0 : r.nextInt(256));
                    System.arraycopy(c.code, pc, x, pc + 1, c.code.length - pc);
                }
                c.code = x;
                return true;
            }
            case 6: kind = "code.truncate"; c.code = java.util.Arrays.copyOf(c.code, r.nextInt(c.code.length)); return true;
            case 7: {   // wide prefix added to an instruction
                kind = "code.wide";
                byte[] x = new byte[c.code.length + 1];
                System.arraycopy(c.code, 0, x, 0, pc);
                x[pc] = (byte) 0xc4;
                System.arraycopy(c.code, pc, x, pc + 1, c.code.length - pc);
                c.code = x;
                return true;
            }
            case 8: {   // a return or throw in the middle, or the last instruction replaced
                kind = "code.flowend";
                int last = starts.get(starts.size() - 1);
                int at = r.nextBoolean() ? last : pc;
                int[] ends = { 0xb1, 0xac, 0xb0, 0xbf, 0x00, 0xa7 };
                c.code[at] = (byte) ends[r.nextInt(ends.length)];
                return true;
            }
            default:
                kind = "code.byte";
                c.code[r.nextInt(c.code.length)] = (byte) BOUNDARY1[r.nextInt(BOUNDARY1.length)];
                return true;
        }
    }
    boolean handlers(CfModel m) {
        List<CfModel.Code> codes = new ArrayList<>();
        for (CfModel.Code c : m.codes()) if (!c.handlers.isEmpty() || r.nextInt(4) == 0) codes.add(c);
        if (codes.isEmpty()) return false;
        CfModel.Code c = codes.get(r.nextInt(codes.size()));
        int n = c.code.length;
        if (c.handlers.isEmpty() || r.nextInt(5) == 0) {
            kind = "exc.add";
            c.handlers.add(r.nextInt(c.handlers.size() + 1), new int[] { r.nextInt(n + 1), r.nextInt(n + 2), r.nextInt(n + 1), r.nextInt(3) == 0 ? 0 : anyClassIndex(m) });
            return true;
        }
        int[] h = c.handlers.get(r.nextInt(c.handlers.size()));
        int which = r.nextInt(5);
        kind = "exc." + new String[] { "start", "end", "handler", "type", "swap" }[which];
        if (which == 4) { int t = h[0]; h[0] = h[1]; h[1] = t; return true; }
        if (which == 3) { h[3] = r.nextInt(3) == 0 ? 0 : anyClassIndex(m); return true; }
        int[] vs = { 0, n, n + 1, h[which] + 1, h[which] - 1, 0xffff, r.nextInt(n + 1) };
        h[which] = vs[r.nextInt(vs.length)] & 0xffff;
        return true;
    }

    // ---- StackMapTable (JVMS 4.7.4): a frame's type, offset_delta or a verification type ----
    boolean stackMap(CfModel m) {
        int smt = m.findUtf8("StackMapTable");
        if (smt == 0) return false;
        List<CfModel.Attr> tables = new ArrayList<>();
        for (CfModel.Code c : m.codes()) for (CfModel.Attr a : c.attrs) if (a.name == smt) tables.add(a);
        if (tables.isEmpty()) return false;
        CfModel.Attr a = tables.get(r.nextInt(tables.size()));
        byte[] t = a.info;
        // positions: {offset, kind}: 0 frame type, 1 offset_delta, 2 vtype tag, 3 vtype operand (u2), 4 count (u2)
        List<int[]> pos = new ArrayList<>();
        List<int[]> frames = new ArrayList<>();   // frame start, end
        try {
            int p = 2, n = get2(t, 0);
            for (int f = 0; f < n; f++) {
                int start = p;
                int ft = t[p] & 0xff;
                pos.add(new int[] { p, 0 }); p++;
                if (ft < 64) { /* same */ }
                else if (ft < 128) p = vtype(t, p, pos);
                else if (ft == 247) { pos.add(new int[] { p, 1 }); p += 2; p = vtype(t, p, pos); }
                else if (ft >= 248 && ft <= 251) { pos.add(new int[] { p, 1 }); p += 2; }
                else if (ft >= 252 && ft <= 254) {
                    pos.add(new int[] { p, 1 }); p += 2;
                    for (int k = 0; k < ft - 251; k++) p = vtype(t, p, pos);
                } else if (ft == 255) {
                    pos.add(new int[] { p, 1 }); p += 2;
                    for (int z = 0; z < 2; z++) {
                        int cnt = get2(t, p);
                        pos.add(new int[] { p, 4 }); p += 2;
                        for (int k = 0; k < cnt; k++) p = vtype(t, p, pos);
                    }
                } else return false;
                frames.add(new int[] { start, p });
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            return false;
        }
        if (frames.isEmpty()) return false;
        if (r.nextInt(6) == 0) {
            kind = "smt.dropframe";
            int[] f = frames.get(r.nextInt(frames.size()));
            byte[] x = new byte[t.length - (f[1] - f[0])];
            System.arraycopy(t, 0, x, 0, f[0]);
            System.arraycopy(t, f[1], x, f[0], t.length - f[1]);
            put2(x, 0, frames.size() - 1);
            a.info = x;
            return true;
        }
        int[] at = pos.get(r.nextInt(pos.size()));
        int p = at[0];
        switch (at[1]) {
            case 0: {
                kind = "smt.frametype";
                int[] vs = { 0, 63, 64, 127, 128, 246, 247, 248, 251, 252, 254, 255, (t[p] & 0xff) + 1, (t[p] & 0xff) - 1 };
                t[p] = (byte) vs[r.nextInt(vs.length)];
                return true;
            }
            case 1: kind = "smt.offset"; put2(t, p, u2v(get2(t, p))); return true;
            case 2: kind = "smt.vtype"; t[p] = (byte) r.nextInt(10); return true;
            case 3: kind = "smt.vtypeop"; put2(t, p, r.nextBoolean() ? u2v(get2(t, p)) : 1 + r.nextInt(m.cp.size() - 1)); return true;
            default: kind = "smt.count"; put2(t, p, u2v(get2(t, p))); return true;
        }
    }
    private static int vtype(byte[] t, int p, List<int[]> pos) {
        int tag = t[p] & 0xff;
        pos.add(new int[] { p, 2 });
        p++;
        if (tag == 7 || tag == 8) { pos.add(new int[] { p, 3 }); p += 2; }
        return p;
    }

    static int get2(byte[] b, int p) { return ((b[p] & 0xff) << 8) | (b[p + 1] & 0xff); }
    static void put2(byte[] b, int p, int v) { b[p] = (byte) (v >> 8); b[p + 1] = (byte) v; }
    static int get4(byte[] b, int p) { return (get2(b, p) << 16) | get2(b, p + 2); }
    static void put4(byte[] b, int p, int v) { put2(b, p, v >>> 16); put2(b, p + 2, v & 0xffff); }
}
