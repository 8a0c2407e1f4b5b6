// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// AsyncGetCallTrace while classes are redefined: a profiler's sampling thread (the
// agent's, not a Java thread) sends SIGPROF to two Java threads that run Target's
// methods in loops, while the main thread redefines Target 300 times, alternately to its
// two versions, so that sampled frames run current, obsolete and freed old versions. The
// handler stores each trace; the program checks them as it goes (checkSamples, between
// redefinitions, while old versions are being freed) and at the end: every frame's
// jmethodID answers GetMethodName and GetMethodDeclaringClass, or INVALID_METHODID
// (its old version is gone), and its bci lies inside the method (GetMethodLocation; for
// Target's methods, inside the larger of the two versions: an ID names the current one).
// The threads' results must stay right throughout. (-Xint: as RedefineStress.)
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

public class RedefineAsgct {
    static native int redefine(Class<?> c, byte[] bytes);
    /** Records the location ranges of c's methods, as they are now. */
    static native void noteVersion(Class<?> c);
    /** Makes the calling thread a sampling target. */
    static native void register();
    static native void startSampling();
    static native void stopSampling();
    /** Checks the traces stored since the last call; returns how many frames it checked. */
    static native int checkSamples();
    /** The report of the checks: one line per kind of problem, with its count. */
    static native String report();

    static final AtomicBoolean stop = new AtomicBoolean();
    static final AtomicLong bad = new AtomicLong(), calls = new AtomicLong();
    static final List<Throwable> failures = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        byte[] v1 = Redef.bytesOf(Target.class);
        byte[] v2 = Redef.versionOf("Target", "v2");
        noteVersion(Target.class);
        Target target = new Target();
        long expect = target.spin(5000);
        List<Thread> threads = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            Thread t = new Thread(() -> {
                register();
                try {
                    while (!stop.get()) {
                        if (target.spin(5000) != expect) bad.incrementAndGet();
                        int v = target.version();
                        if (v != 1 && v != 2) bad.incrementAndGet();
                        calls.incrementAndGet();
                    }
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            }, "worker" + k);
            t.start();
            threads.add(t);
        }
        while (calls.get() < 2) Thread.sleep(1);
        startSampling();
        int n = 300, errors = 0, checked = 0;
        for (int i = 0; i < n; i++) {
            if (redefine(Target.class, i % 2 == 0 ? v2 : v1) != 0) errors++;
            if (i == 0) noteVersion(Target.class);
            Thread.sleep(2);
            if (i % 20 == 19) checked += checkSamples();
        }
        stopSampling();
        stop.set(true);
        for (Thread t : threads) t.join();
        checked += checkSamples();
        System.out.println("redefinitions: " + n + ", failed: " + errors);
        System.out.println("failures in the threads: " + failures);
        System.out.println("wrong results: " + bad.get());
        System.out.println("frames checked: " + (checked > 1000 ? "over 1000" : String.valueOf(checked)));
        System.out.print(report());
        System.out.println("version now: " + target.version());
    }
}
