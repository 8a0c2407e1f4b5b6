// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedStress (GlassVM only, -XX:+AllowEnhancedClassRedefinition; the program checks
// itself): four threads call virtual, interface and static methods of a class and a
// subclass's own method in loops while the main thread redefines the class 40 times,
// alternately adding and deleting virtual, private and static methods (so vtables of the
// class and the subclass are rebuilt and quickened call sites redecided under the running
// threads). Every result must be one of the two versions' (or NoSuchMethodError, which
// old code calling a method deleted meanwhile may get); the subclass's own method never
// changes; after the last redefinition (version 2) the threads see only version 2.
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

public class EnhancedStress {
    static native int redefine(Class<?> c, byte[] bytes);

    static final AtomicBoolean stop = new AtomicBoolean();
    static final AtomicInteger bad = new AtomicInteger();
    static volatile String firstBad;

    static void wrong(String what) {
        if (bad.getAndIncrement() == 0) firstBad = what;
    }

    static void round(EsBase b, EsSub s, EsIface i, boolean finalRound) {
        try {
            int v = b.value(), sv = s.value(), iv = i.viaIface(), st = EsBase.stat(), own = s.own();
            if (finalRound) {
                if (v != 2 || sv != 2 || iv != 20 || st != 200) wrong("final " + v + " " + sv + " " + iv + " " + st);
            } else {
                if ((v != 1 && v != 2) || (sv != 1 && sv != 2)) wrong("value " + v + " " + sv);
                if (iv != 10 && iv != 20) wrong("viaIface " + iv);
                if (st != 100 && st != 200) wrong("stat " + st);
            }
            if (own != 7) wrong("own " + own);
        } catch (NoSuchMethodError e) {
            if (finalRound) wrong("final NoSuchMethodError " + e.getMessage());
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        byte[] v1 = Redef.bytesOf(EsBase.class), v2 = Redef.versionOf("EsBase", "v2");
        Thread[] workers = new Thread[4];
        AtomicInteger rounds = new AtomicInteger();
        for (int k = 0; k < workers.length; k++) {
            final int id = k;
            workers[k] = new Thread(() -> {
                EsBase b = id % 2 == 0 ? new EsBase() : new EsSub();
                EsSub s = new EsSub();
                while (!stop.get()) {
                    round(b, s, b, false);
                    rounds.incrementAndGet();
                }
            });
            workers[k].start();
        }
        int errors = 0;
        for (int n = 0; n < 40; n++) {
            if (redefine(EsBase.class, n % 2 == 0 ? v2 : v1) != 0) errors++;
            Thread.sleep(5);
        }
        // 40 redefinitions: version 1 is installed last; one more gives version 2.
        if (redefine(EsBase.class, v2) != 0) errors++;
        stop.set(true);
        for (Thread w : workers) w.join();
        round(new EsBase(), new EsSub(), new EsSub(), true);
        System.out.println(errors == 0 ? "PASS 41 redefinitions" : "FAIL " + errors + " redefinitions refused");
        System.out.println(rounds.get() > 0 ? "PASS the threads ran" : "FAIL the threads never ran");
        System.out.println(bad.get() == 0 ? "PASS every result was one of a version's" : "FAIL " + bad.get() + " wrong results, first: " + firstBad);
    }
}
