// Static fields of the sub-int types (byte, boolean, char, short), which the interpreter
// gets and puts through one quick form each (the field's type picks the width and the
// sign), and instance fields of those types, put through one quick form: extreme values,
// wrap-around through the casts, neighbours left intact, and the same fields read
// through reflection and from a second class; and the static puts of the other types,
// which share the one quick form of all static puts.
public class StaticSmallFields {
    static byte b1, b2 = 1;
    static boolean z1, z2 = true;
    static char c1, c2 = 'x';
    static short s1, s2 = 2;
    static int guard = 0x5a5a5a5a;
    static int si;
    static long sl;
    static float sf;
    static double sd;
    static Object so;
    static int[] sa;

    static final class Inst {
        byte b;
        boolean z;
        char c;
        short s;
        byte b2 = -1;
        int after = 0x12345678;
    }

    static final class Other {
        static int sum() { return b1 + (z1 ? 1000 : 0) + c1 + s1 + b2 + c2 + s2; }
    }

    public static void main(String[] args) throws Exception {
        int[] values = {0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, 65535, 65536, 0x12345678};
        long acc = 0;
        for (int v : values) {
            b1 = (byte) v;
            c1 = (char) v;
            s1 = (short) v;
            z1 = (v & 1) != 0;
            acc = acc * 31 + b1 + c1 + s1 + (z1 ? 1 : 0);
            System.out.println(v + ": " + b1 + " " + (int) c1 + " " + s1 + " " + z1 + " " + b2 + " " + (int) c2 + " " + s2 + " " + z2
                    + " " + Integer.toHexString(guard) + " " + Other.sum());
        }
        for (int i = 0; i < 100000; i++) { b2++; c2--; s2 += 3; z2 = !z2; }
        System.out.println(b2 + " " + (int) c2 + " " + s2 + " " + z2 + " " + acc);
        System.out.println(StaticSmallFields.class.getDeclaredField("b2").getByte(null) + " "
                + (int) StaticSmallFields.class.getDeclaredField("c2").getChar(null) + " "
                + StaticSmallFields.class.getDeclaredField("s2").getShort(null) + " "
                + StaticSmallFields.class.getDeclaredField("z2").getBoolean(null));
        StaticSmallFields.class.getDeclaredField("s1").setShort(null, (short) -7);
        StaticSmallFields.class.getDeclaredField("c1").setChar(null, '\uffff');
        System.out.println(s1 + " " + (int) c1 + " " + Other.sum());
        for (int i = 0; i < 1000; i++) {
            si = si * 31 + i;
            sl = sl * 1_000_003L + si;
            sf = sf + i * 0.25f;
            sd = sd * 0.5 + sl;
            so = (i & 1) == 0 ? "even" : Integer.valueOf(i);
            sa = (i & 3) == 0 ? null : new int[i & 7];
        }
        System.out.println(si + " " + sl + " " + sf + " " + sd + " " + so + " " + (sa == null ? -1 : sa.length) + " " + Integer.toHexString(guard));
        Inst o = new Inst();
        for (int v : values) {
            o.b = (byte) v;
            o.z = (v & 2) != 0;
            o.c = (char) v;
            o.s = (short) v;
            System.out.println(v + ": " + o.b + " " + o.z + " " + (int) o.c + " " + o.s + " " + o.b2 + " " + Integer.toHexString(o.after));
        }
        Inst.class.getDeclaredField("s").setShort(o, (short) 12345);
        System.out.println(o.s + " " + Inst.class.getDeclaredField("c").getChar(o) + "!");
    }
}
