// Shifts: ishl/ishr/iushr mask the count with 0x1f, lshl/lshr/lushr with 0x3f; negative
// counts, counts beyond the width, and sign extension of >> versus >>>.
public class ShiftMasking {
    static int shl(int a, int n) { return a << n; }
    static int shr(int a, int n) { return a >> n; }
    static int ushr(int a, int n) { return a >>> n; }
    static long lshl(long a, int n) { return a << n; }
    static long lshr(long a, int n) { return a >> n; }
    static long lushr(long a, int n) { return a >>> n; }

    public static void main(String[] args) {
        int[] vals = { 1, -1, 0x80000000, 0x7fffffff, 0x12345678, -0x12345678 };
        int[] counts = { 0, 1, 5, 31, 32, 33, 63, 64, 65, -1, -31, -32, -33, 100, Integer.MIN_VALUE, Integer.MAX_VALUE };
        for (int v : vals) {
            StringBuilder sb = new StringBuilder("int " + Integer.toHexString(v) + ":");
            for (int c : counts) {
                sb.append(' ').append(Integer.toHexString(shl(v, c)))
                  .append('/').append(Integer.toHexString(shr(v, c)))
                  .append('/').append(Integer.toHexString(ushr(v, c)));
            }
            System.out.println(sb);
        }
        long[] lvals = { 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x123456789abcdefL, -0x123456789abcdefL, 0xffffffffL };
        for (long v : lvals) {
            StringBuilder sb = new StringBuilder("long " + Long.toHexString(v) + ":");
            for (int c : counts) {
                sb.append(' ').append(Long.toHexString(lshl(v, c)))
                  .append('/').append(Long.toHexString(lshr(v, c)))
                  .append('/').append(Long.toHexString(lushr(v, c)));
            }
            System.out.println(sb);
        }
        // Shifting bytes and shorts promotes them to int first.
        byte b = -16;
        short s = -2;
        char c = 0xffff;
        System.out.println("byte>>>4 " + (b >>> 4) + " (byte)(b>>>4) " + (byte) (b >>> 4)
            + " short>>>1 " + (s >>> 1) + " char>>1 " + (c >> 1));
        // Compound shift assignment on byte
        b >>>= 1;
        System.out.println("byte >>>= 1: " + b);
        // Constant shifts must agree with runtime ones
        System.out.println((1 << 32) + " " + (1 << 33) + " " + (1L << 64) + " " + (1L << 65)
            + " " + (-1 >>> 31) + " " + (-1L >>> 63) + " " + (-8 >> 1) + " " + (-8 >>> 1));
        // Shift count given as long in source is narrowed to int (l2i) then masked
        long lc = 0x100000001L;
        System.out.println("long count " + (1 << lc) + " " + (1L << lc));
    }
}
