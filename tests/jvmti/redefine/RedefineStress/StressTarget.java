// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class RedefineStress redefines 1000 times (StressTarget__v2 is the other version).
public class StressTarget {
    static int counter;
    static final Object LOCK = new Object();

    static int version() {
        return 1;
    }

    // The class's monitor is held while the class is redefined: no update may be lost.
    static synchronized void inc() {
        counter = counter + 1;
    }

    // A frame that runs long enough to be caught running by many redefinitions.
    long spin(int n) {
        long s = 0;
        synchronized (LOCK) {
            for (int i = 0; i < n; i++) s += i % 7 + version();
        }
        return s;
    }

    String text() {
        return "v1";
    }
}
