// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The interpreter's superinstructions are invisible to tools (see agent.c): the pairs
// it fuses (iinc+goto, aload+getfield, aload_0+getfield, dload+dmul, iload+iload,
// iload+bipush, iload+i2l, aload+dup+getfield) and others it might, in methods that
// already ran, with breakpoints on their second instructions, single stepping, field
// watches and exceptions thrown by their second instructions; aload+dup+getfield with
// breakpoints on the getfield alone, watched, and throwing NullPointerException;
// iload+daload/aaload/iaload/baload (a[i] from locals) with breakpoints on the iload and
// on the array load, stepped, and throwing ArrayIndexOutOfBoundsException and
// NullPointerException at the array load; iload+bipush+iand, iload+ldc+if_icmpge and
// iload+iload+if_icmpge (and if_icmpgt) with breakpoints on their third instructions
// alone; dload+invokestatic of a Math leaf+dadd in pairs; sipush+iand,
// dup2+iaload/daload (throwing ArrayIndexOutOfBoundsException and NullPointerException at
// the load) and dadd/dsub+putfield (throwing NullPointerException at the putfield, watched);
// aload+iload+array load (the iload+array load cases above), dmul+dadd and
// dload+dmul+dadd(+putfield) with breakpoints on the dadd alone; iadd+istore(_<n>) and
// ladd+lstore, and pairs the interpreter might fuse (iadd+putfield/iastore, ladd+putfield,
// dadd+dastore), their stores throwing. pairs: the longer sequences (aload+getfield of a
// double then dmul or dsub(+dstore), aload+dup+getfield then a dload(_<n>)/iload(_<n>)
// (+dadd/dsub/iadd+putfield: x.f += local),
// dload+dload+dmul(+dadd)) with a breakpoint on each instruction in turn (the others
// fused), stepped, watched, and throwing NullPointerException at each getfield; a[i]++,
// a[i] += 1.0 and a[i] += x * y (dup2+load+...+store) likewise, throwing at the load;
// iload+i2d(+ldc2_w+dmul(+dstore)) and dload+ldc2_w then dmul(+invokestatic of a Math
// leaf(+dadd)) or invokestatic of a (DD)D leaf(+dadd(+dstore(_<n>))), and
// dload+dneg+invokestatic of a leaf(+dadd), each also followed by what it does not
// take (a second dadd, a store), likewise.
public class FusedPairs {
    static native void breakOnSeconds();
    static native void clearBreakpoints();
    static native void step(boolean on);
    static native void watch(boolean on);
    static native void breakOnThirds();
    static native void breakOnArrayLoads();
    static native void breakOnThirdsOfWork();
    static native int[] pairsBcis();
    static native void breakInPairs(int bci);
    static native void clearInPairs(int bci);
    static native void stepPairs(boolean on);

    static final class P {
        double d = 1.5;
        int i = 3;
        P next;
        long big;

        int twice() {
            return i + i; // aload_0, getfield; aload_0, getfield
        }
    }

    static final int[] TABLE = {5, 7, 11, 13};
    static final double[] DS = {0.25, 0.5, 0.75, 1.0};
    static final byte[] BS = {-1, 2, -3, 4};
    static final Object[] OS = {"a", null, "b", null};

    // Locals from 4 on are reached by the two-byte load forms.
    static double work(P p0, int n) {
        P a = p0;
        int unused = 0;
        P b = a;
        double acc = 0;
        double m = 2.0;
        int s = 0, t = 1;
        int[] table = TABLE;
        long l = 0;
        double[] ds = n == -2 ? null : DS;
        byte[] bs = BS;
        Object[] os = OS;
        int[] cnt = n == -3 ? new int[2] : new int[4];
        double[] dd = n == -4 ? null : new double[4];
        P np = n <= -5 && n >= -8 ? null : b;
        for (int k = 0; k < n; k++) {
            acc += b.d * m;       // dload 5, aload 4; getfield d; dload 7, dmul
            s += b.i;             // aload 4, getfield i
            P q = b.next;         // aload 4, getfield next
            if (q != null) s++;
            t = s + t;            // iload 9, iload 10
            b.i += table[k & 3];  // aload 4, dup; aload 11, iload 14; iload 14, iconst_3
            l += (long) t * 100003; // iload 10, i2l; ldc
            t = t & 1023;         // iload 10, sipush
            s = s & 63;           // iload 9, bipush
            acc = acc - m;        // dload 5, dload 7
            acc = m + acc;        // dload 7, dload 5, dadd
            acc = m - acc;        // dload 7, dload 5, dsub
            if (t > 1000000) break; // iload 10, ldc
            int j = k & 3;
            s += table[j];        // aload, iload, iaload
            acc += ds[j];         // aload, iload, daload
            s += bs[j];           // aload, iload, baload
            if (os[j] != null) s++; // aload, iload, aaload
            if (k < 70000) s++;   // iload, ldc, if_icmpge
            if (s < t) s--;       // iload 9, iload 10, if_icmpge
            if (k < n) s++;       // iload, iload_1, if_icmpge
            if (k <= 70000) s++;  // iload, ldc, if_icmpgt
            if (s <= t) s--;      // iload 9, iload 10, if_icmpgt
            cnt[j]++;             // aload, iload, dup2, iaload
            dd[j] += 0.5;         // aload, iload, dup2, daload
            b.d += m;             // aload 4, dup, getfield d, dload 7, dadd, putfield d
            b.d += m * m;         // dload 7, dload 7, dmul, dadd, putfield d
            b.d -= m * m;
            b.d -= m;
            b.big += t;           // aload 4, dup, getfield big, iload 10, i2l, ladd, putfield big
        }
        int e = n == -1 ? 4 : 0;
        s += table[e];            // ArrayIndexOutOfBoundsException when n is -1
        if (n == -2) s += (int) ds[e]; // NullPointerException (ds is null when n is -2)
        cnt[e + 2]++;             // ArrayIndexOutOfBoundsException at the iaload when n is -3
        dd[e] += 1.0;             // NullPointerException at the daload when n is -4
        if (n == -7) np.big = l + 1; // NullPointerException at the putfield after ladd
        if (n == -8) np.i = s + t;   // NullPointerException at the putfield after iadd
        if (n == -9) cnt[e + 5] = s + t; // ArrayIndexOutOfBoundsException at the iastore after iadd
        if (n == -10) dd[e + 4] = acc + m; // ArrayIndexOutOfBoundsException at the dastore after dadd
        if (n == -6) np.d = acc - m; // NullPointerException at the putfield after dsub
        np.d = acc + m;           // NullPointerException at the putfield when n is -5
        return acc + s + t + unused + l + cnt[3] + dd[0];
    }

    // A fused pair that left a slot too many or too few on the operand stack would
    // overflow or underflow it here (the Java stack holds 256K slots by default).
    static long churn(P p0, int n) {
        P a = p0;
        int unused = 0;
        P b = a;
        long sum = 0;
        for (int k = 0; k < n; k++) {
            b.i += k & 7;          // aload 4, dup, getfield i
            b.d += 0.5;            // aload 4, dup, getfield d
            b.i -= k & 7;
            b.d -= 0.5;
            sum += b.i + unused;   // lload 5, aload 4, getfield i
        }
        return sum + (long) b.d;
    }

    // aload, dup, getfield (x.f op= ...) is fused as a triple: bump's getfields after
    // aload+dup get breakpoints of their own, without one on the dup.
    static int bump(P p0, int n) {
        P a = p0;
        int unused = 0;
        P b = a;
        for (int k = 0; k < n; k++) {
            b.i += 2;              // aload 4, dup, getfield i
            b.d *= 2.0;            // aload 4, dup, getfield d
            b.next = b.next;       // aload 4, aload 4, getfield next
            b.i -= 2;
        }
        return b.i + unused + (int) b.d;
    }

    // m in locals 0-1 and n in local 3 (the one-byte load forms), the rest from 4 on.
    static double pairs(double m, P a, int n, P b) {
        P c = a;                   // 4
        P d = n < 0 ? null : b;    // 5
        double dt = m * 0.5;       // 6-7
        double acc = 0;            // 8-9
        int s = 1;                 // 10
        for (int k = 0; k < n; k++) {
            double dx = c.d - d.d;     // aload 4, getfield d, aload 5, getfield d, dsub, dstore 11
            double sq = dx * dx + dt * dt; // dload 11, dload 11, dmul, dload 6, dload 6, dmul, dadd, dstore
            acc += dx * d.d;           // dload 8, dload 11, aload 5, getfield d, dmul, dadd, dstore 8
            c.d -= dx * d.d * sq;      // aload 4, dup, getfield d, dload 11, aload 5, getfield d, dmul, ...
            d.d += m * c.d;            // aload 5, dup, getfield d, dload_0, aload 4, getfield d, dmul, dadd
            c.i += s;                  // aload 4, dup, getfield i, iload 10, iadd, putfield i
            c.d += dt;                 // aload 4, dup, getfield d, dload 6, dadd, putfield d
            d.d -= dt;                 // aload 5, dup, getfield d, dload 6, dsub, putfield d
            d.i -= n;                  // aload 5, dup, getfield i, iload_3, isub, putfield i
            acc -= c.d - d.d;          // aload 4, getfield d, aload 5, getfield d, dsub, dsub
            s = s * 3 + c.i;
            PC[k & 3]++;               // getstatic, iload, iconst_3, iand, dup2, iaload, iconst_1, iadd, iastore
            PD[k & 3] += 1.0;          // ..., dup2, daload, dconst_1, dadd, dastore
            PD[(k + 1) & 3] += dx * dt; // ..., dup2, daload, dload 11, dload 6, dmul, dadd, dastore
            acc += Math.sqrt(sq);      // dload 8, dload 13, invokestatic sqrt, dadd, dstore 8
            acc = Math.max(acc, -dt);  // dload 8, dload 6, dneg, invokestatic max, dstore 8
            double xk = k * 1e-4;      // iload k, i2d, ldc2_w, dmul, dstore
            acc += k * 0.25;           // dload acc, iload k, i2d, ldc2_w, dmul, dadd, dstore acc
            acc += k;                  // dload acc, iload k, i2d, dadd, dstore acc
            double h = sq * 0.5;       // dload, ldc2_w, dmul, dstore
            acc += Math.sqrt(sq * 0.5); // dload acc, dload, ldc2_w, dmul, invokestatic sqrt, dadd, dstore acc
            double r2 = Math.sqrt(h * 2.0); // dload, ldc2_w, dmul, invokestatic sqrt, dstore
            acc += Math.max(sq, 0.75); // dload acc, dload, ldc2_w, invokestatic max, dadd, dstore acc
            m += Math.min(xk, 0.001);  // dload_0, dload, ldc2_w, invokestatic min, dadd, dstore_0
            double mx = Math.max(r2, 0.5); // dload, ldc2_w, invokestatic max, dstore
            acc = acc + Math.min(mx, 0.25) - h; // dload acc, dload, ldc2_w, invokestatic min, dadd, dload, dsub, dstore acc
            acc += Math.sqrt(sq) + Math.sqrt(h); // ..., invokestatic sqrt, dload, invokestatic sqrt, dadd, dadd, dstore acc
            double nq = -sq - 1.0;     // (sq >= 0: the square roots below are of positive numbers)
            acc += Math.sqrt(-nq);     // dload acc, dload, dneg, invokestatic sqrt, dadd, dstore acc
            double ab = Math.sqrt(-nq); // dload, dneg, invokestatic sqrt, dstore
            acc = (acc + (mx + Math.sqrt(h))) * 0.5; // ..., invokestatic sqrt, dadd, dadd, ldc2_w, dmul, dstore acc
            m += Math.sqrt(xk) + ab * 0.0; // dload_0, dload, invokestatic sqrt, dload, ldc2_w, dmul, dadd, dadd, dstore_0
            m += Math.sqrt(xk);        // dload_0, dload, invokestatic sqrt, dadd, dstore_0
        }
        if (n == -1) acc += c.d - d.d;   // NullPointerException at the second getfield
        if (n == -2) acc += dt * d.d;    // NullPointerException at the getfield before dmul
        if (n == -3) d.d -= m;           // NullPointerException at aload+dup's getfield
        if (n == -4) d.i += n;           // the same, an int field
        if (n == -5) acc = c.d * d.d;    // NullPointerException at the second getfield, dmul
        if (n == -6) PC[n + 10]++;       // ArrayIndexOutOfBoundsException at the iaload after dup2
        if (n == -7) PD[n + 11] += 1.0;  // ArrayIndexOutOfBoundsException at the daload after dup2
        if (n == -8) d.d = acc - m * c.d * dt; // NullPointerException at the putfield after dload+dmul+dsub
        return acc + s + c.d + d.d + c.i + d.i;
    }

    static final int[] PC = new int[4];
    static final double[] PD = new double[4];

    // Fresh field values for every run, so that each prints finite, comparable figures.
    static void pairsRun(String what, double m, P a, int n, P b) {
        a.d = 1.5;
        a.i = 3;
        b.d = 0.25;
        b.i = 5;
        for (int i = 0; i < 4; i++) {
            PC[i] = i;
            PD[i] = 0.5 * i;
        }
        System.out.println(what + ": " + pairs(m, a, n, b) + " " + a.d + " " + b.d + " " + a.i + " " + b.i + " "
                           + java.util.Arrays.toString(PC) + " " + java.util.Arrays.toString(PD));
    }

    static void run(String what, P p, int n) {
        System.out.println(what + ": " + work(p, n) + " " + p.twice());
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        P p = new P();
        p.next = new P();
        for (int i = 0; i < 3; i++) run("plain", p, 10); // the pairs are fused by now
        System.out.println("churn: " + churn(p, 10) + " " + churn(p, 1_000_000));
        breakOnSeconds();
        run("breakpoints", p, 2);
        clearBreakpoints();
        run("cleared", p, 2);
        breakOnArrayLoads();
        run("array-load breakpoints", p, 2);
        clearBreakpoints();
        run("cleared", p, 2);
        breakOnThirdsOfWork();
        run("third-instruction breakpoints", p, 2);
        clearBreakpoints();
        run("cleared", p, 2);
        step(true);
        double r = work(p, 2);
        step(false);
        System.out.println("stepped: " + r);
        P r1 = new P();
        for (int i = 0; i < 3; i++) System.out.println("bump: " + bump(r1, 5));
        breakOnThirds();
        System.out.println("bump with breakpoints: " + bump(r1, 3));
        clearBreakpoints();
        System.out.println("bump cleared: " + bump(r1, 3));
        watch(true);
        run("watched", p, 2);
        System.out.println("bump watched: " + bump(r1, 1));
        watch(false);
        run("unwatched", p, 2);
        try {
            work(null, 1);
        } catch (NullPointerException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("NPE: " + e.getMessage() + " at " + top.getMethodName() + ":" + top.getLineNumber());
        }
        try {
            work(p, -1);
        } catch (ArrayIndexOutOfBoundsException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("AIOOBE: " + e.getMessage() + " at " + top.getMethodName() + ":" + top.getLineNumber());
        }
        try {
            work(p, -2);
        } catch (NullPointerException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("NPE: " + e.getMessage() + " at " + top.getMethodName() + ":" + top.getLineNumber());
        }
        for (int n = -10; n <= -3; n++) {
            try {
                work(p, n);
            } catch (RuntimeException e) {
                StackTraceElement top = e.getStackTrace()[0];
                System.out.println(e.getClass().getName() + ": " + e.getMessage() + " at " + top.getMethodName() + ":" + top.getLineNumber());
            }
        }
        try {
            bump(null, 1);
        } catch (NullPointerException e) {
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("NPE: " + e.getMessage() + " at " + top.getMethodName() + ":" + top.getLineNumber());
        }

        P pa = new P(), pb = new P();
        pb.d = 0.25;
        for (int i = 0; i < 3; i++) pairsRun("pairs", 1.25, pa, 3, pb); // fused by now
        for (int bci : pairsBcis()) {
            breakInPairs(bci);
            pairsRun("pairs, breakpoint at " + bci, 0.75, pa, 2, pb);
            clearInPairs(bci);
        }
        pairsRun("pairs cleared", 0.75, pa, 2, pb);
        pairsRun("pairs before stepping", 0.5, pa, 1, pb);
        stepPairs(true);
        double sr = pairs(0.5, pa, 1, pb);
        stepPairs(false);
        System.out.println("pairs stepped: " + sr);
        watch(true);
        pairsRun("pairs watched", 0.5, pa, 1, pb);
        watch(false);
        pairsRun("pairs unwatched", 0.5, pa, 1, pb);
        for (int n = -8; n <= -1; n++) {
            try {
                pairs(0.5, pa, n, pb);
            } catch (RuntimeException e) {
                StackTraceElement top = e.getStackTrace()[0];
                System.out.println("pairs " + e.getClass().getSimpleName() + " (" + n + "): " + e.getMessage() + " at " + top.getMethodName() + ":" + top.getLineNumber());
            }
        }
    }
}
