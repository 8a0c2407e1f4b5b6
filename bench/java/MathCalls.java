// Interpreter benchmark: java.lang.Math's transcendental methods, which HotSpot's
// interpreter computes as intrinsics (sin, cos, tan, exp, log, log10, pow), in a loop.
// The sums are printed to 9 significant digits: both VMs' results are within an ulp of
// the true values, but not always the same ulp, so the last digits of a sum may differ.
public class MathCalls {
    public static void main(String[] args) {
        double trig = 0, expLog = 0, pow = 0;
        for (int i = 1; i <= 2_000_000; i++) {
            double x = i * 1e-4;
            trig += Math.sin(x) + Math.cos(x) + Math.tan(x * 0.5);
            expLog += Math.exp(-x) + Math.log(x) + Math.log10(x);
            pow += Math.pow(x, 0.75);
        }
        System.out.printf("%.9g %.9g %.9g%n", trig, expLog, pow);
    }
}
