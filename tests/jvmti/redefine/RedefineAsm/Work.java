// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class RedefineAsm instruments: loops with stack map frames, exception handlers,
// try/finally, switches, a synchronized method, a constructor, lambdas.
import java.util.function.IntSupplier;

public class Work {
    private int total;

    Work(int start) {
        total = start;
    }

    synchronized int add(int x) {
        total += x;
        return total;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int v : a) s += v;
        return s;
    }

    static String kind(int x) {
        switch (x % 4) {
        case 0: return "zero";
        case 1: return "one";
        case 2: return "two";
        default: return "many";
        }
    }

    static int careful(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        } finally {
            Probe.note("finally " + s);
        }
    }

    static int lambda(int k) {
        IntSupplier f = () -> k * 2;
        return f.getAsInt() + 1;
    }

    static long spin(long n) {
        long x = 0;
        for (long i = 0; i < n; i++) x += i % 7;
        return x;
    }
}
