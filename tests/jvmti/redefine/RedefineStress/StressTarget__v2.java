// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The second version of StressTarget: other bodies, same shape.
public class StressTarget__v2 {
    static int counter;
    static final Object LOCK = new Object();

    static int version() {
        int v = 2;
        return v;
    }

    static synchronized void inc() {
        int c = counter;
        counter = c + 1;
    }

    long spin(int n) {
        long s = 0;
        synchronized (LOCK) {
            int i = 0;
            while (i < n) {
                s += i % 7 + version();
                i++;
            }
        }
        return s;
    }

    String text() {
        return "v2".toString();
    }
}
