// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Math methods the interpreter computes without a frame, while tools look (see agent.c).
import java.util.Random;

public class MathToolMode {
    static native void entryEvents(boolean on);
    static native void report(String what);
    static native void breakpoint(boolean set);

    static long dbits(double d) { return Double.doubleToLongBits(d); }
    static int fbits(float f) { return Float.floatToIntBits(f); }

    static long checksum() {
        Random r = new Random(5);
        long sum = 0;
        for (int i = 0; i < 500; i++) {
            double a = i % 2 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextGaussian() * 1e3;
            double b = i % 3 == 0 ? Double.longBitsToDouble(r.nextLong()) : r.nextDouble() - 0.5;
            double c = i % 5 == 0 ? -b : r.nextGaussian();
            float fa = (float) a, fb = i % 7 == 0 ? -0.0f : (float) b;
            long s = dbits(Math.sqrt(a)) + 3 * dbits(Math.abs(a)) + 5 * dbits(Math.max(a, b)) + 7 * fbits(Math.min(fa, fb))
                + 11 * dbits(Math.fma(a, b, c)) + 13 * Math.max((int) a, (int) b) + 17 * Math.abs((long) (b * 1e18))
                + 23 * fbits(Math.fma(fa, fb, (float) c)) + 29 * dbits(Math.min(b, c)) + 31 * fbits(Math.abs(fb));
            sum = sum * 31 + s;
        }
        return sum;
    }

    static double root(double x) { return Math.sqrt(x); }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        long plain = checksum();
        entryEvents(true);
        long looked = checksum();
        entryEvents(false);
        report("MethodEntry");
        System.out.println("same results while tools look: " + (plain == looked));
        double s = 0;
        for (int i = 0; i < 1000; i++) s += root(i);
        breakpoint(true);
        for (int i = 0; i < 10; i++) s += root(i);
        breakpoint(false);
        for (int i = 0; i < 10; i++) s += root(i);
        report("Breakpoint");
        System.out.println(s);
    }
}
