// VMOPTIONS: -Djava.library.path=@NATIVE@
// -Xcheck:jni: each deliberate misuse of JNI in CheckJniMisuse/checkjnimisuse.c runs in a
// child VM with -Xcheck:jni (the fatal ones abort it); this VM prints each child's
// standard output (addresses masked), standard error and exit status. The warnings, the
// fatal messages and the Java stack lines after them are HotSpot's checked JNI's.
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

public class CheckJniMisuse {
    static int counter;
    static String name = "n";
    static int[] array = new int[1];
    int value;

    static native void misuse(String which, Object other);
    static native void saveEnv();
    static native void useSavedEnv();

    static final Object LOCK = new Object();

    static void quiet() { }

    // The stack lines after a warning show the monitors each frame holds (HotSpot's
    // JavaMonitorsInStackTrace): here the block's LOCK, then the class of the method.
    static synchronized void lockedCall() {
        synchronized (LOCK) {
            misuse("nocheck", LOCK);
        }
    }
    static void thrower() { throw new IllegalStateException("from Java"); }

    static void deeper(String which, int n) {
        if (n == 0) misuse(which, new Object());
        else deeper(which, n - 1);
    }

    static final String[] CASES = {
        "nocheck", "nocheckV", "checked", "pending", "critical", "badDescriptor",
        "localRefs", "ensureCapacity", "pushFrame", "pushFrameOver", "ensureOver",
        "localRefsTwice", "localRefsDeleted", "localRefsEachCall", "wrongThread",
        "nonJavaThread", "deletedLocal", "deletedGlobal", "deleteGlobalOfLocal",
        "deleteLocalOfGlobal", "deleteWeakOfGlobal", "nullClass", "notAClass",
        "throwNewNotThrowable", "wrongReceiver", "wrongStaticClass", "wrongNewObject",
        "staticFieldAsInstance", "instanceFieldAsStatic", "instanceFieldType",
        "staticFieldType", "arrayFieldAsObject", "staticFieldWrongClass",
        "instanceFieldWrongObject", "arrayElementType", "objectArrayExpected",
        "primitiveArrayExpected", "nonArray", "nonString", "nullString", "releaseOverrun",
        "releaseMode", "releaseStringMixup", "releaseStringCharsMixup", "negativeCapacity",
        "negativeFrame", "arrayRoundTrip", "attachedLocalRefs", "locked", "logging",
    };

    static void child(String which) throws Exception {
        System.out.println("child " + which);
        if (which.equals("wrongThread")) {
            saveEnv();
            Thread t = new Thread() {
                public void run() { useSavedEnv(); }
            };
            t.start();
            t.join();
        } else if (which.equals("locked")) {
            lockedCall();
        } else if (which.equals("localRefsEachCall")) {
            for (int i = 0; i < 2; i++) misuse("localRefs", "" + i);
        } else {
            try {
                deeper(which, 1);
            } catch (Throwable e) {
                System.out.println("caught " + e);
            }
        }
        if (which.equals("arrayRoundTrip")) System.out.println("counter " + counter);
        System.out.println("child " + which + " returned");
    }

    public static void main(String[] args) throws Exception {
        System.loadLibrary("checkjnimisuse");
        if (args.length > 0) {
            child(args[0]);
            return;
        }
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        for (String c : CASES) {
            // "logging": -verbose:jni's tag set names the checked table (its other lines,
            // native method registrations, are left out here; repeated lines are shown once).
            List<String> cmd = new ArrayList<>(List.of(java, "-Xcheck:jni",
                "-XX:-CreateCoredumpOnCrash", "-Djava.library.path=" + System.getProperty("java.library.path"),
                "-cp", System.getProperty("java.class.path"), "CheckJniMisuse", c));
            if (c.equals("logging")) cmd.add(1, "-Xlog:jni+resolve=debug:stdout:level,tags");
            ProcessBuilder pb = new ProcessBuilder(cmd);
            pb.redirectErrorStream(false);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            String err = new String(p.getErrorStream().readAllBytes());
            int rc = p.waitFor();
            if (c.equals("logging")) // HotSpot logs it for some of the threads it creates: once here
                out = out.lines().filter(l -> !l.contains("native method")).distinct().map(l -> l + "\n")
                    .collect(Collectors.joining());
            System.out.print(out.replaceAll("0x[0-9a-fA-F]+", "0x..."));
            if (!err.isEmpty()) System.out.println("stderr: [" + err + "]");
            System.out.println("exit status: " + rc);
            System.out.println();
        }
    }
}
