// tableswitch and lookupswitch: dense and sparse cases, negative keys, MIN/MAX values,
// keys that straddle zero, default-only switches, fall-through, a large dense range
// (a big tableswitch), long-range sparse keys (lookupswitch), and byte/char/short keys.
public class Switch {
    static String dense(int k) {
        switch (k) {
            case -2: return "m2";
            case -1: return "m1";
            case 0: return "zero";
            case 1: return "one";
            case 2: return "two";
            case 3: return "three";
            case 5: return "five";   // gap at 4: still a tableswitch
            default: return "dflt";
        }
    }
    static String sparse(int k) {
        switch (k) {
            case Integer.MIN_VALUE: return "MIN";
            case -1000000: return "-1e6";
            case -7: return "-7";
            case 0: return "0";
            case 13: return "13";
            case 1000: return "1000";
            case 65536: return "65536";
            case 1 << 30: return "2^30";
            case Integer.MAX_VALUE: return "MAX";
            default: return "dflt";
        }
    }
    static int extremes(int k) {
        switch (k) {
            case Integer.MAX_VALUE - 2: return 1;
            case Integer.MAX_VALUE - 1: return 2;
            case Integer.MAX_VALUE: return 3;
            default: return 0;
        }
    }
    static int minExtremes(int k) {
        switch (k) {
            case Integer.MIN_VALUE: return 1;
            case Integer.MIN_VALUE + 1: return 2;
            case Integer.MIN_VALUE + 2: return 3;
            default: return 0;
        }
    }
    static int onlyDefault(int k) { switch (k) { default: return k * 2; } }
    static int fall(int k) {
        int r = 0;
        switch (k) {
            case 1: r += 1;
            case 2: r += 10;
            case 3: r += 100; break;
            case 4: r += 1000;
            default: r += 10000;
            case 5: r += 100000;
        }
        return r;
    }
    static int byteSwitch(byte b) { switch (b) { case -128: return 1; case 127: return 2; case 0: return 3; default: return 4; } }
    static int charSwitch(char c) { switch (c) { case 0: return 1; case 'A': return 2; case '\uffff': return 3; case 'z': return 4; default: return 0; } }
    static int shortSwitch(short s) { switch (s) { case Short.MIN_VALUE: return 1; case -1: return 2; case Short.MAX_VALUE: return 3; default: return 0; } }
    static int bigTable(int k) {
        switch (k) {
            case 0: return 7; case 1: return 13; case 2: return 29; case 3: return 31; case 4: return 37; case 5: return 41; case 6: return 43; case 7: return 47;
            case 8: return 53; case 9: return 59; case 10: return 61; case 11: return 67; case 12: return 71; case 13: return 73; case 14: return 79; case 15: return 83;
            case 16: return 89; case 17: return 97; case 18: return 101; case 19: return 103; case 20: return 107; case 21: return 109; case 22: return 113; case 23: return 127;
            case 24: return 131; case 25: return 137; case 26: return 139; case 27: return 149; case 28: return 151; case 29: return 157; case 30: return 163; case 31: return 167;
            case 32: return 173; case 33: return 179; case 34: return 181; case 35: return 191; case 36: return 193; case 37: return 197; case 38: return 199; case 39: return 211;
            case 40: return 223; case 41: return 227; case 42: return 229; case 43: return 233; case 44: return 239; case 45: return 241; case 46: return 251; case 47: return 257;
            case 48: return 263; case 49: return 269; case 50: return 271; case 51: return 277; case 52: return 281; case 53: return 283; case 54: return 293; case 55: return 307;
            case 56: return 311; case 57: return 313; case 58: return 317; case 59: return 331; case 60: return 337; case 61: return 347; case 62: return 349; case 63: return 353;
            default: return -1;
        }
    }
    // Wide sparse keys and a switch in a loop with long-distance jumps
    static long sparseLoop(int n) {
        long acc = 0;
        for (int i = -n; i < n; i++) {
            switch (i * 37) {
                case -3700: acc += 1; break;
                case -37: acc += 10; break;
                case 0: acc += 100; break;
                case 37: acc += 1000; break;
                case 1850: acc += 10000; break;
                case 3663: acc += 100000; break;
                default: acc -= 1;
            }
        }
        return acc;
    }
    enum Dir { N, E, S, W }
    static String dir(Dir d) { switch (d) { case N: return "up"; case S: return "down"; default: return "side"; } }
    // Switch expressions with yield
    static String kind(int k) {
        return switch (k % 4) {
            case 0 -> "even-even";
            case 1, -1 -> "odd";
            case 2, -2 -> { String s = "even"; yield s + "-odd"; }
            default -> "negative-odd";
        };
    }

    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int k = -4; k <= 7; k++) sb.append(k).append('=').append(dense(k)).append(' ');
        System.out.println(sb.toString().trim());
        int[] keys = { Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1000000, -1000001, -7, -6, 0, 13, 14, 1000, 65536, 65535, 1 << 30, Integer.MAX_VALUE, Integer.MAX_VALUE - 1 };
        sb.setLength(0);
        for (int k : keys) sb.append(k).append('=').append(sparse(k)).append(' ');
        System.out.println(sb.toString().trim());
        System.out.println("extremes " + extremes(Integer.MAX_VALUE) + extremes(Integer.MAX_VALUE - 1) + extremes(Integer.MAX_VALUE - 2) + extremes(Integer.MAX_VALUE - 3)
            + extremes(Integer.MIN_VALUE) + " min " + minExtremes(Integer.MIN_VALUE) + minExtremes(Integer.MIN_VALUE + 1) + minExtremes(Integer.MIN_VALUE + 2)
            + minExtremes(Integer.MIN_VALUE + 3) + minExtremes(Integer.MAX_VALUE));
        System.out.println("onlyDefault " + onlyDefault(21));
        sb.setLength(0);
        for (int k = 0; k <= 6; k++) sb.append(fall(k)).append(' ');
        System.out.println("fall " + sb.toString().trim());
        System.out.println("byte " + byteSwitch((byte) -128) + byteSwitch((byte) 127) + byteSwitch((byte) 0) + byteSwitch((byte) 5)
            + " char " + charSwitch('\0') + charSwitch('A') + charSwitch('\uffff') + charSwitch('z') + charSwitch('y')
            + " short " + shortSwitch(Short.MIN_VALUE) + shortSwitch((short) -1) + shortSwitch(Short.MAX_VALUE) + shortSwitch((short) 2));
        long s = 0;
        for (int k = -5; k < 70; k++) s = s * 31 + bigTable(k);
        System.out.println("bigTable " + s);
        System.out.println("sparseLoop " + sparseLoop(200));
        for (Dir d : Dir.values()) System.out.print(dir(d) + " ");
        System.out.println();
        for (int k = -3; k <= 4; k++) System.out.print(kind(k) + " ");
        System.out.println();
    }
}
