// byte, short, char and boolean values: arithmetic promotes to int and narrows on
// store (bastore/sastore/castore truncate), compound assignments, increments past the
// range, comparisons between signed bytes and chars, array element defaults, boolean
// arrays and fields, conversions, and methods taking and returning small types.
public class SmallIntTypes {
    byte bf; short sf; char cf; boolean zf;
    static byte sb = 127; static short ss = Short.MIN_VALUE; static char sc = '\uffff'; static boolean sz;

    static byte addB(byte a, byte b) { return (byte) (a + b); }
    static short mulS(short a, short b) { return (short) (a * b); }
    static char nextC(char c) { return (char) (c + 1); }
    static boolean not(boolean z) { return !z; }
    static int widen(byte b, short s, char c) { return b + s + c; }

    public static void main(String[] args) {
        byte b = 100;
        b += 100; System.out.println("byte 100+=100 " + b);
        b++; System.out.println("byte ++ " + b);
        b = -128; b--; System.out.println("byte -128-- " + b);
        b = (byte) 0xff; System.out.println("byte 0xff " + b + " & 0xff " + (b & 0xff) + " >>> 4 " + (b >>> 4) + " (byte)(b >>> 4) " + (byte) (b >>> 4) + " b >> 4 " + (b >> 4));
        short s = 32767; s++; System.out.println("short 32767++ " + s);
        s = 1000; s *= 1000; System.out.println("short 1000*=1000 " + s);
        char c = 'A'; c += 25; System.out.println("char A+=25 " + c + " (int) " + (int) c);
        c = 0; c--; System.out.println("char 0-- " + (int) c);
        c = 'a'; c *= 2; System.out.println("char a*=2 " + (int) c);
        System.out.println("addB " + addB((byte) 100, (byte) 100) + " mulS " + mulS((short) 300, (short) 300) + " nextC " + (int) nextC('\uffff')
            + " not " + not(false) + " widen " + widen((byte) -1, (short) -1, '\uffff'));
        // Comparisons between signed and unsigned small types
        byte neg = -1; char max = '\uffff';
        System.out.println("byte -1 < char 0xffff " + (neg < max) + " (char) neg == max " + ((char) neg == max) + " (byte) max == neg " + ((byte) max == neg));
        // Arrays of small types: stores truncate, loads sign/zero-extend
        byte[] ba = new byte[3]; short[] sa = new short[3]; char[] ca = new char[3]; boolean[] za = new boolean[3];
        int big = 0x12345678;
        ba[0] = (byte) big; sa[0] = (short) big; ca[0] = (char) big;
        ba[1] = (byte) 0x80; sa[1] = (short) 0x8000; ca[1] = (char) 0x8000;
        ba[2]++; ba[2]++; sa[2] -= 2; ca[2] -= 1;
        za[1] = true; za[2] = za[1] & !za[0];
        System.out.println("arrays " + ba[0] + "," + ba[1] + "," + ba[2] + " " + sa[0] + "," + sa[1] + "," + sa[2] + " " + (int) ca[0] + "," + (int) ca[1] + "," + (int) ca[2]
            + " " + za[0] + "," + za[1] + "," + za[2]);
        // Fields default and update
        SmallIntTypes o = new SmallIntTypes();
        System.out.println("defaults " + o.bf + " " + o.sf + " " + (int) o.cf + " " + o.zf);
        o.bf = (byte) 200; o.sf = (short) 70000; o.cf = (char) -2; o.zf = !o.zf;
        o.bf >>= 1; o.sf >>>= 1; o.cf >>= 1;
        System.out.println("fields " + o.bf + " " + o.sf + " " + (int) o.cf + " " + o.zf);
        sb++; ss--; sc++; sz ^= true;
        System.out.println("statics " + sb + " " + ss + " " + (int) sc + " " + sz);
        // Loops with small-type counters
        int iterations = 0;
        for (byte x = 0; x >= 0 && iterations < 1000; x++) iterations++;
        System.out.println("byte loop until overflow " + iterations);
        int charSum = 0;
        for (char x = 'a'; x <= 'z'; x++) charSum += x;
        System.out.println("char loop sum " + charSum);
        // Ternaries and switch with small types
        short pick = (short) (iterations > 100 ? 1 : 2);
        char grade = pick == 1 ? 'A' : 'B';
        System.out.println("ternary " + pick + " " + grade);
        // Boolean logic and bitwise on booleans
        boolean t = true, f = false;
        System.out.println("boolean ops " + (t & f) + (t | f) + (t ^ t) + (!f) + (t && !f) + (f || t) + " compare " + Boolean.compare(t, f) + " logicalXor " + Boolean.logicalXor(t, f));
        // Character arithmetic in strings
        String word = "";
        for (char x = 'A'; x < 'A' + 5; x++) word += (char) (x + 32);
        System.out.println("word " + word + " char + int " + ('a' + 1) + " char + char " + ('a' + 'b') + " (char)('a' + 1) " + (char) ('a' + 1));
        // Byte buffers with sign handling
        byte[] bytes = { (byte) 0xDE, (byte) 0xAD, (byte) 0xBE, (byte) 0xEF };
        int assembled = ((bytes[0] & 0xff) << 24) | ((bytes[1] & 0xff) << 16) | ((bytes[2] & 0xff) << 8) | (bytes[3] & 0xff);
        int wrong = (bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3];
        System.out.println("assembled " + Integer.toHexString(assembled) + " without masks " + Integer.toHexString(wrong));
        // Short/Byte/Character helpers
        System.out.println(Byte.toUnsignedInt((byte) -1) + " " + Short.toUnsignedInt((short) -1) + " " + Byte.toUnsignedLong((byte) -128) + " " + Short.reverseBytes((short) 0x1234)
            + " " + Character.reverseBytes('\u1234') + " " + (int) Character.MAX_VALUE + " " + Byte.MIN_VALUE + " " + Short.MAX_VALUE);
    }
}
