// Bit manipulation helpers of Integer and Long: bitCount, reverse, reverseBytes,
// highestOneBit, lowestOneBit, numberOfLeadingZeros, numberOfTrailingZeros, rotateLeft,
// rotateRight, signum, and the bitwise opcodes iand/ior/ixor/land/lor/lxor.
public class BitOperations {
    public static void main(String[] args) {
        int[] ivals = { 0, 1, -1, 2, 3, 0x80000000, 0x7fffffff, 0x12345678, 0xF0F0F0F0, 0x00010000, -12345, 96 };
        for (int v : ivals) {
            System.out.println(Integer.toHexString(v) + ": bitCount " + Integer.bitCount(v) + " reverse " + Integer.toHexString(Integer.reverse(v))
                + " reverseBytes " + Integer.toHexString(Integer.reverseBytes(v)) + " highest " + Integer.toHexString(Integer.highestOneBit(v))
                + " lowest " + Integer.toHexString(Integer.lowestOneBit(v)) + " nlz " + Integer.numberOfLeadingZeros(v)
                + " ntz " + Integer.numberOfTrailingZeros(v) + " rotl5 " + Integer.toHexString(Integer.rotateLeft(v, 5))
                + " rotr5 " + Integer.toHexString(Integer.rotateRight(v, 5)) + " rotl-3 " + Integer.toHexString(Integer.rotateLeft(v, -3))
                + " rotl33 " + Integer.toHexString(Integer.rotateLeft(v, 33)) + " signum " + Integer.signum(v)
                + " short rev " + Integer.toHexString(Short.reverseBytes((short) v) & 0xffff));
        }
        long[] lvals = { 0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 0x123456789ABCDEF0L, 0xFF00FF00FF00FF00L, 1L << 32, -98765432123L };
        for (long v : lvals) {
            System.out.println(Long.toHexString(v) + ": bitCount " + Long.bitCount(v) + " reverse " + Long.toHexString(Long.reverse(v))
                + " reverseBytes " + Long.toHexString(Long.reverseBytes(v)) + " highest " + Long.toHexString(Long.highestOneBit(v))
                + " lowest " + Long.toHexString(Long.lowestOneBit(v)) + " nlz " + Long.numberOfLeadingZeros(v)
                + " ntz " + Long.numberOfTrailingZeros(v) + " rotl7 " + Long.toHexString(Long.rotateLeft(v, 7))
                + " rotr7 " + Long.toHexString(Long.rotateRight(v, 7)) + " rotl65 " + Long.toHexString(Long.rotateLeft(v, 65)) + " signum " + Long.signum(v));
        }
        // Bitwise opcodes over a pseudo-random sequence
        int x = 0x13579BDF, accI = 0;
        long y = 0x2468ACE013579BDFL, accL = 0;
        for (int i = 0; i < 10000; i++) {
            x = x * 1103515245 + 12345;
            y = y * 6364136223846793005L + 1442695040888963407L;
            accI += (x & 0xff00ff) ^ (x | 0x0f0f) ^ ~(x >>> 7);
            accL ^= (y & 0xffff0000ffffL) | (y >> 13) ^ (~y << 3);
            accI += Integer.bitCount(x) + Long.numberOfTrailingZeros(y | 1L << 63);
        }
        System.out.println("accI " + accI + " accL " + accL);
        // boolean logic opcodes on booleans (non short-circuit)
        boolean t = true, f = false;
        System.out.println((t & f) + " " + (t | f) + " " + (t ^ t) + " " + (!t) + " " + (f ^ t));
        // Bit tricks
        System.out.println("isPowerOfTwo " + ((64 & 63) == 0) + " abs via shift " + (((-7) ^ ((-7) >> 31)) - ((-7) >> 31))
            + " swap via xor " + swapXor(3, 9) + " popcount table " + popcountTable());
        // Integer.compress/expand do not exist in 17; BitSet-based parity
        System.out.println("parity " + (Integer.bitCount(0xFF01) & 1) + " " + (Long.bitCount(0x8000000000000001L) & 1));
    }
    static String swapXor(int a, int b) { a ^= b; b ^= a; a ^= b; return a + "," + b; }
    static int popcountTable() {
        int sum = 0;
        for (int i = 0; i < 256; i++) sum += Integer.bitCount(i) * i;
        return sum;
    }
}
