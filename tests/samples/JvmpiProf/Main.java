// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JvmpiProf: known calls and allocations for samples/jvmpi-prof.
public class Main {
    static Object[] keep = new Object[1000];

    public static void main(String[] args) throws Exception {
        long s = 0;
        for (int i = 0; i < 1000; i++) s += Calc.square(i);
        for (int i = 0; i < 250; i++) s += Calc.cube(i);
        s += Calc.fib(15);
        for (int i = 0; i < 500; i++) keep[i] = new Point(i, i);
        for (int i = 0; i < 200; i++) keep[500 + i] = new int[16];
        Thread t = new Thread(new Runnable() {
            public void run() {
                for (int i = 0; i < 50; i++) keep[700 + i] = Point.make(i);
                Calc.square(3);
            }
        }, "helper");
        t.start();
        t.join();
        System.out.println(s);
    }
}

class Calc {
    static long square(long x) {
        return x * x;
    }

    static long cube(long x) {
        return square(x) * x;
    }

    static int fib(int n) {
        return n < 2 ? n : fib(n - 1) + fib(n - 2);
    }
}

class Point {
    int x, y;

    Point(int x, int y) {
        this.x = x;
        this.y = y;
    }

    static Point make(int i) {
        return new Point(i, -i);
    }
}
