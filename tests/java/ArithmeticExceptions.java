// ArithmeticException "/ by zero" from idiv, irem, ldiv, lrem (including constant
// divisors known only at run time, division in loops and in expressions with side
// effects), no exception for floating division by zero, and the messages of the
// java.lang.Math exact methods, BigInteger and BigDecimal.
public class ArithmeticExceptions {
    static int zero() { return 0; }
    static long lzero() { return 0L; }
    static int counter;
    static int bump() { return ++counter; }

    interface Op { Object run(); }
    static void attempt(String what, Op op) {
        try { System.out.println(what + " = " + op.run()); }
        catch (ArithmeticException e) { System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage()); }
    }

    public static void main(String[] args) {
        attempt("1 / 0", new Op() { public Object run() { return 1 / zero(); } });
        attempt("1 % 0", new Op() { public Object run() { return 1 % zero(); } });
        attempt("MIN / 0", new Op() { public Object run() { return Integer.MIN_VALUE / zero(); } });
        attempt("0 / 0", new Op() { public Object run() { return 0 / zero(); } });
        attempt("1L / 0L", new Op() { public Object run() { return 1L / lzero(); } });
        attempt("1L % 0L", new Op() { public Object run() { return 1L % lzero(); } });
        attempt("int / long 0", new Op() { public Object run() { return 5 / lzero(); } });
        attempt("1.0 / 0", new Op() { public Object run() { return 1.0 / zero(); } });
        attempt("1.0f % 0", new Op() { public Object run() { return 1.0f % zero(); } });
        attempt("-1.0 / 0L", new Op() { public Object run() { return -1.0 / lzero(); } });
        attempt("byte / 0", new Op() { public Object run() { byte b = 10; return b / zero(); } });
        attempt("char % 0", new Op() { public Object run() { char c = 'x'; return c % zero(); } });
        attempt("compound /=", new Op() { public Object run() { int x = 10; x /= zero(); return x; } });
        attempt("compound %=", new Op() { public Object run() { long x = 10; x %= lzero(); return x; } });
        // Operand evaluation happens before the division fails
        counter = 0;
        attempt("side effects", new Op() { public Object run() { return bump() / (bump() - 2); } });
        System.out.println("counter after " + counter);
        // Division by zero inside a loop, caught per iteration
        int caught = 0, sum = 0;
        for (int i = -3; i <= 3; i++) {
            try { sum += 100 / i; } catch (ArithmeticException e) { caught++; }
        }
        System.out.println("loop sum " + sum + " caught " + caught);
        // Math exact methods
        attempt("addExact int", new Op() { public Object run() { return Math.addExact(Integer.MAX_VALUE, 1); } });
        attempt("subtractExact long", new Op() { public Object run() { return Math.subtractExact(Long.MIN_VALUE, 1L); } });
        attempt("multiplyExact long", new Op() { public Object run() { return Math.multiplyExact(1L << 32, 1L << 32); } });
        attempt("toIntExact", new Op() { public Object run() { return Math.toIntExact(Long.MAX_VALUE); } });
        attempt("floorDiv by 0", new Op() { public Object run() { return Math.floorDiv(1, zero()); } });
        attempt("floorMod by 0", new Op() { public Object run() { return Math.floorMod(1L, lzero()); } });
        attempt("Integer.divideUnsigned by 0", new Op() { public Object run() { return Integer.divideUnsigned(1, zero()); } });
        attempt("Long.remainderUnsigned by 0", new Op() { public Object run() { return Long.remainderUnsigned(1, lzero()); } });
        attempt("BigInteger / 0", new Op() { public Object run() { return java.math.BigInteger.TEN.divide(java.math.BigInteger.ZERO); } });
        attempt("BigInteger mod negative", new Op() { public Object run() { return java.math.BigInteger.TEN.mod(java.math.BigInteger.valueOf(-3)); } });
        attempt("BigInteger pow negative", new Op() { public Object run() { return java.math.BigInteger.TEN.pow(-1); } });
        attempt("BigDecimal 1/3", new Op() { public Object run() { return java.math.BigDecimal.ONE.divide(java.math.BigDecimal.valueOf(3)); } });
        attempt("BigDecimal setScale", new Op() { public Object run() { return new java.math.BigDecimal("1.25").setScale(1, java.math.RoundingMode.UNNECESSARY); } });
        attempt("BigDecimal intValueExact", new Op() { public Object run() { return new java.math.BigDecimal("1e10").intValueExact(); } });
        // The exception is an ordinary object: stack trace names the method
        try { int x = 1 / zero(); System.out.println(x); }
        catch (ArithmeticException e) { System.out.println("top frame " + e.getStackTrace()[0].getMethodName() + " line " + e.getStackTrace()[0].getLineNumber()); }
    }
}
