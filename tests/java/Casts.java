// Primitive conversions: i2b, i2c, i2s, i2l, i2f, i2d, l2i, l2f, l2d, f2d, d2f,
// including rounding of int/long to float and double to float overflow/underflow.
public class Casts {
    public static void main(String[] args) {
        int[] ints = { 0, 1, -1, 127, 128, 255, 256, -128, -129, 32767, 32768, 65535, 65536,
            -32768, -32769, 0x12345678, Integer.MAX_VALUE, Integer.MIN_VALUE, 16777217, 16777219, -16777217 };
        for (int i : ints) {
            System.out.println("int " + i + ": b " + (byte) i + " s " + (short) i + " c " + (int) (char) i
                + " l " + (long) i + " f " + (float) i + " d " + (double) i);
        }
        long[] longs = { 0L, -1L, 0xffffffffL, 0x80000000L, 0x123456789L, Long.MAX_VALUE, Long.MIN_VALUE,
            (1L << 53) + 1, (1L << 24) + 1, -(1L << 53) - 1, 0x7fffffbfffffffffL };
        for (long l : longs) {
            System.out.println("long " + l + ": i " + (int) l + " s " + (short) l + " b " + (byte) l
                + " c " + (int) (char) l + " f " + (float) l + " d " + (double) l);
        }
        double[] ds = { 0.1, 1e40, -1e40, 1e-46, -1e-46, 3.4028235677973366E38, 3.4028235677973367E38,
            1.401298464324817E-45, 7.006492321624085E-46, 7.006492321624086E-46, 1.0000000596046448,
            1.0000000596046449, Double.NaN, -0.0 };
        for (double d : ds) {
            float f = (float) d;
            System.out.println("d2f " + d + " -> " + f + " bits " + Integer.toHexString(Float.floatToRawIntBits(f))
                + " back " + (double) f);
        }
        // char arithmetic and implicit widening
        char c = 'z';
        int ci = c + 1;
        char c2 = (char) -1;
        short sh = (short) c2;
        System.out.println("char " + ci + " " + (int) c2 + " " + sh + " " + (char) 0x263A + " " + (int) (char) (byte) -1);
        // byte -> char goes through int with sign extension
        byte b = (byte) 0x80;
        System.out.println("byte->char " + (int) (char) b + " byte->int " + (int) b + " byte&0xff " + (b & 0xff));
        // casts in array stores (bastore truncation, castore, sastore)
        byte[] ba = new byte[1]; char[] ca = new char[1]; short[] sa = new short[1]; boolean[] za = new boolean[2];
        int v = 0x1234ABCD;
        ba[0] = (byte) v; ca[0] = (char) v; sa[0] = (short) v; za[0] = true; za[1] = (v & 1) == 1;
        System.out.println("stores " + ba[0] + " " + (int) ca[0] + " " + sa[0] + " " + za[0] + " " + za[1]);
        // Float.intBitsToFloat round-trips
        int[] bits = { 0x7f800000, 0xff800000, 0x00000001, 0x80000000, 0x3f800000, 0x7f7fffff };
        for (int bb : bits) {
            float f = Float.intBitsToFloat(bb);
            System.out.println("bits " + Integer.toHexString(bb) + " = " + f + " -> " + (double) f);
        }
    }
}
