// java.math: BigInteger arithmetic, pow, modPow, modInverse, gcd, bit operations,
// radix conversion, primality with certainty, and BigDecimal with scales, MathContext,
// every RoundingMode, division exceptions, stripTrailingZeros and toPlainString.
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

public class BigIntegerDecimal {
    public static void main(String[] args) {
        BigInteger a = new BigInteger("123456789012345678901234567890");
        BigInteger b = new BigInteger("-987654321098765432109876543210987");
        System.out.println(a.add(b) + " " + a.subtract(b) + " " + a.multiply(b));
        System.out.println(b.divide(a) + " " + b.remainder(a) + " " + b.mod(a) + " " + java.util.Arrays.toString(b.divideAndRemainder(a)));
        System.out.println(a.pow(5) + " " + a.negate().abs().equals(a) + " " + a.signum() + b.signum() + BigInteger.ZERO.signum());
        BigInteger m = BigInteger.valueOf(1000000007);
        System.out.println(a.modPow(b.abs(), m) + " " + a.modInverse(m) + " " + a.gcd(b) + " " + BigInteger.valueOf(48).gcd(BigInteger.valueOf(180)));
        System.out.println(a.toString(16) + " " + a.toString(2).length() + " " + b.toString(36) + " " + new BigInteger("-zz", 36) + " " + new BigInteger("ff", 16));
        System.out.println(a.bitLength() + " " + a.bitCount() + " " + b.bitLength() + " " + a.testBit(3) + " " + a.shiftLeft(70) + " " + b.shiftRight(50)
            + " " + a.and(b) + " " + a.or(b) + " " + a.xor(b) + " " + a.not() + " " + a.getLowestSetBit() + " " + a.setBit(200).clearBit(1).flipBit(0));
        System.out.println(a.compareTo(b) + " " + a.min(b).equals(b) + " " + a.longValue() + " " + a.intValue() + " " + a.doubleValue() + " " + b.floatValue()
            + " " + a.hashCode() + " " + b.hashCode());
        try { BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE).longValueExact(); }
        catch (ArithmeticException e) { System.out.println("longValueExact: " + e.getMessage()); }
        try { a.divide(BigInteger.ZERO); } catch (ArithmeticException e) { System.out.println("divide by zero: " + e.getMessage()); }
        try { BigInteger.valueOf(4).modInverse(BigInteger.valueOf(8)); } catch (ArithmeticException e) { System.out.println("modInverse: " + e.getMessage()); }
        System.out.println("probable primes: " + BigInteger.valueOf(1000000007).isProbablePrime(50) + " " + BigInteger.valueOf(1000000011).isProbablePrime(50)
            + " " + new BigInteger("170141183460469231731687303715884105727").isProbablePrime(20) + " next " + BigInteger.valueOf(1000).nextProbablePrime());
        System.out.println("sqrt " + a.sqrt() + " factorial(50) " + factorial(50));
        System.out.println("byte array " + java.util.Arrays.toString(BigInteger.valueOf(-129).toByteArray()) + " " + new BigInteger(new byte[] { 1, 0, 0 })
            + " " + new BigInteger(1, new byte[] { (byte) 0xff, (byte) 0xff }));

        BigDecimal x = new BigDecimal("1234.5678");
        BigDecimal y = new BigDecimal("-0.0300");
        System.out.println(x.add(y) + " " + x.subtract(y) + " " + x.multiply(y) + " scale " + x.multiply(y).scale() + " precision " + x.precision());
        System.out.println(x.divide(y, 10, RoundingMode.HALF_UP) + " " + x.divide(y, MathContext.DECIMAL64) + " " + x.divide(new BigDecimal("8")));
        try { BigDecimal.ONE.divide(new BigDecimal(3)); } catch (ArithmeticException e) { System.out.println("non-terminating: " + e.getMessage()); }
        try { BigDecimal.ONE.divide(BigDecimal.ZERO); } catch (ArithmeticException e) { System.out.println("BigDecimal / 0: " + e.getMessage()); }
        String[] vals = { "5.5", "2.5", "1.6", "1.1", "1.0", "-1.0", "-1.1", "-1.6", "-2.5", "-5.5" };
        for (RoundingMode rm : RoundingMode.values()) {
            StringBuilder sb = new StringBuilder(rm + ":");
            for (String v : vals) {
                try { sb.append(' ').append(new BigDecimal(v).setScale(0, rm)); }
                catch (ArithmeticException e) { sb.append(" !"); }
            }
            System.out.println(sb);
        }
        System.out.println(new BigDecimal("1.2300").stripTrailingZeros() + " " + new BigDecimal("1E+5").toPlainString() + " " + new BigDecimal("100").stripTrailingZeros()
            + " " + new BigDecimal("100").stripTrailingZeros().toPlainString() + " " + new BigDecimal("0.000001234") + " " + new BigDecimal("0.0000001234")
            + " " + new BigDecimal("-1.5E-10").toEngineeringString() + " " + new BigDecimal("12345678901234567890.123").toBigInteger());
        System.out.println(new BigDecimal(0.1) + " " + BigDecimal.valueOf(0.1) + " " + new BigDecimal("2.50").equals(new BigDecimal("2.5"))
            + " " + new BigDecimal("2.50").compareTo(new BigDecimal("2.5")) + " " + new BigDecimal("2.50").hashCode() + " " + new BigDecimal("1e3").scale());
        System.out.println(new BigDecimal("2").sqrt(new MathContext(50)) + " " + new BigDecimal("1.5").pow(20) + " " + x.round(new MathContext(3))
            + " " + x.movePointLeft(6) + " " + x.movePointRight(2) + " " + x.remainder(new BigDecimal("7")) + " " + x.negate().abs().ulp());
        System.out.println(new BigDecimal("123.456").doubleValue() + " " + new BigDecimal("1e400").doubleValue() + " " + new BigDecimal("9.99").intValue()
            + " " + new BigDecimal("-9.99").longValue());
        // Compound interest: a deterministic long computation
        BigDecimal balance = new BigDecimal("1000.00");
        BigDecimal rate = new BigDecimal("0.0375");
        for (int year = 0; year < 30; year++) balance = balance.add(balance.multiply(rate)).setScale(2, RoundingMode.HALF_EVEN);
        System.out.println("balance " + balance);
    }
    static BigInteger factorial(int n) {
        BigInteger r = BigInteger.ONE;
        for (int i = 2; i <= n; i++) r = r.multiply(BigInteger.valueOf(i));
        return r;
    }
}
