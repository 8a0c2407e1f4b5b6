// Integer arithmetic: iadd/isub/imul/idiv/irem/ineg/iinc, overflow wrap-around,
// MIN_VALUE / -1, remainder signs, division by zero, and byte/short/char arithmetic.
public class IntArith {
    static int[] VALUES = { 0, 1, -1, 2, -2, 3, 7, -7, 100, -100, 65535, 65536, -65536,
        0x7fff, 0x8000, 1 << 30, Integer.MAX_VALUE, Integer.MAX_VALUE - 1,
        Integer.MIN_VALUE, Integer.MIN_VALUE + 1, 123456789, -987654321 };

    static int add(int a, int b) { return a + b; }
    static int sub(int a, int b) { return a - b; }
    static int mul(int a, int b) { return a * b; }
    static int div(int a, int b) { return a / b; }
    static int rem(int a, int b) { return a % b; }
    static int neg(int a) { return -a; }

    public static void main(String[] args) {
        long sum = 0;
        for (int a : VALUES) {
            for (int b : VALUES) {
                StringBuilder sb = new StringBuilder();
                sb.append(a).append(' ').append(b).append(": ");
                sb.append(add(a, b)).append(' ').append(sub(a, b)).append(' ').append(mul(a, b));
                if (b != 0) {
                    sb.append(' ').append(div(a, b)).append(' ').append(rem(a, b));
                } else {
                    try { div(a, b); sb.append(" no-exception"); }
                    catch (ArithmeticException e) { sb.append(" div:").append(e.getMessage()); }
                    try { rem(a, b); sb.append(" no-exception"); }
                    catch (ArithmeticException e) { sb.append(" rem:").append(e.getMessage()); }
                }
                System.out.println(sb);
                sum += add(a, b) ^ mul(a, b);
            }
            System.out.println("neg " + a + " = " + neg(a) + ", ~ = " + (~a));
        }
        System.out.println("checksum " + sum);

        // MIN_VALUE / -1 overflows silently; % gives 0.
        int min = Integer.MIN_VALUE, m1 = -1;
        System.out.println("MIN/-1 = " + (min / m1) + ", MIN%-1 = " + (min % m1));
        // Constant-folded versions must agree with the runtime ones.
        System.out.println("folded MIN/-1 = " + (Integer.MIN_VALUE / -1));

        // iinc with various constants, including wide forms.
        int i = 0;
        i += 1; i += 127; i -= 128; i += 200; i += 32767; i -= 32768; i += 100000;
        System.out.println("iinc result " + i);
        int j = Integer.MAX_VALUE; j++;
        System.out.println("MAX++ = " + j);
        int k = Integer.MIN_VALUE; k--;
        System.out.println("MIN-- = " + k);

        // Compound assignment narrowing on byte, short, char.
        byte by = 127; by += 1;
        short sh = 32767; sh += 1;
        char ch = 65535; ch += 1;
        byte by2 = -128; by2 -= 1;
        System.out.println("byte " + by + " short " + sh + " char " + (int) ch + " byte2 " + by2);
        byte bm = 100; bm *= 3;
        System.out.println("byte*3 " + bm);
        char c2 = 'A'; c2 += 2;
        System.out.println("char " + c2 + " " + (c2 + 1) + " " + (char) (c2 + 1));

        // Division rounding toward zero.
        System.out.println("7/2=" + (7 / 2) + " -7/2=" + (-7 / 2) + " 7/-2=" + (7 / -2) + " -7/-2=" + (-7 / -2));
        System.out.println("7%2=" + (7 % 2) + " -7%2=" + (-7 % 2) + " 7%-2=" + (7 % -2) + " -7%-2=" + (-7 % -2));

        // Comparisons of the if_icmpXX family across the sign boundary.
        int[] cmp = { Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE };
        StringBuilder sb = new StringBuilder();
        for (int a : cmp) for (int b : cmp) {
            sb.append(a < b ? '<' : '.').append(a <= b ? 'l' : '.').append(a == b ? '=' : '.')
              .append(a != b ? '!' : '.').append(a > b ? '>' : '.').append(a >= b ? 'g' : '.').append(' ');
        }
        System.out.println(sb);
        // ifXX against zero
        sb.setLength(0);
        for (int a : cmp) {
            sb.append(a < 0 ? 'N' : '.').append(a <= 0 ? 'n' : '.').append(a == 0 ? 'Z' : '.')
              .append(a != 0 ? 'z' : '.').append(a > 0 ? 'P' : '.').append(a >= 0 ? 'p' : '.').append(' ');
        }
        System.out.println(sb);
        // Integer helpers
        System.out.println(Integer.divideUnsigned(-1, 3) + " " + Integer.remainderUnsigned(-1, 3)
            + " " + Integer.compareUnsigned(-1, 1) + " " + Integer.toUnsignedString(-1));
        try { System.out.println(Math.addExact(Integer.MAX_VALUE, 1)); }
        catch (ArithmeticException e) { System.out.println("addExact: " + e.getMessage()); }
        try { System.out.println(Math.multiplyExact(1 << 16, 1 << 16)); }
        catch (ArithmeticException e) { System.out.println("multiplyExact: " + e.getMessage()); }
        try { System.out.println(Math.negateExact(Integer.MIN_VALUE)); }
        catch (ArithmeticException e) { System.out.println("negateExact: " + e.getMessage()); }
        try { System.out.println(Math.toIntExact(1L << 31)); }
        catch (ArithmeticException e) { System.out.println("toIntExact: " + e.getMessage()); }
        System.out.println("floorDiv " + Math.floorDiv(-7, 2) + " floorMod " + Math.floorMod(-7, 2)
            + " " + Math.floorMod(7, -2) + " abs(MIN) " + Math.abs(Integer.MIN_VALUE));
    }
}
