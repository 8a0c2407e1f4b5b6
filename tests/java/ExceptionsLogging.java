// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -Xlog:exceptions=info: HotSpot's three messages for every exception a program throws:
// the VM's own ("Exception <...> (0x...) thrown [where] for thread ..." when the VM creates
// it: a null receiver, an array index, a division by zero, a cast, a negative array size,
// a native method's, a null receiver of a call not resolved before — but not those HotSpot's
// interpreter makes itself: a null receiver of a resolved call, a null reference at a field, a division by zero, an array store), one per frame it is seen in or unwinds through ("thrown in
// interpreter method <...> at bci N for thread ... (name)", a native method's at bci 0), and
// the handler that catches it. A child VM (the same java binary) runs the cases between two
// markers with only the tags decoration; addresses and the VM's own source location (a
// HotSpot file and line, a GlassVM function) are masked. Before, GlassVM logged nothing.
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public class ExceptionsLogging {
    public static class Child {
        static int depth(int d) {
            if (d == 0) throw new IllegalStateException("deep");
            return depth(d - 1) + 1;
        }

        static void rethrow() {
            try {
                depth(1);
            } catch (IllegalStateException e) {
                throw new RuntimeException("wrapped", e);
            }
        }

        int field;

        static int size(Object o) { return o.hashCode(); }

        static class Worker implements Runnable {
            public void run() { throw new UnsupportedOperationException("in a thread"); }
        }

        public static void main(String[] args) throws Exception {
            System.out.println("BEGIN");
            size("resolved");
            try { size(null); } catch (NullPointerException e) { }
            try { Child c = null; System.out.println(c.field); } catch (NullPointerException e) { }
            try { Object[] a = new String[1]; a[0] = 1; } catch (ArrayStoreException e) { }
            try { throw null; } catch (NullPointerException e) { }
            try { String n = null; System.out.println(n.isBlank()); } catch (NullPointerException e) { }
            try { Runnable r = null; r.run(); } catch (NullPointerException e) { }
            try { depth(2); } catch (IllegalStateException e) { }
            try { rethrow(); } catch (RuntimeException e) { }
            try { Object o = null; o.hashCode(); } catch (NullPointerException e) { }
            try { int[] a = new int[1]; a[3] = 1; } catch (ArrayIndexOutOfBoundsException e) { }
            try { int z = args.length; System.out.println(1 / z); } catch (ArithmeticException e) { }
            try { Object s = "x"; System.out.println((Integer) s); } catch (ClassCastException e) { }
            try { System.out.println(new int[args.length - 1].length); } catch (NegativeArraySizeException e) { }
            try { Thread.sleep(-1); } catch (IllegalArgumentException e) { }
            Thread th = new Thread(new Worker(), "worker");
            th.setUncaughtExceptionHandler(new Thread.UncaughtExceptionHandler() {
                public void uncaughtException(Thread t, Throwable e) { System.out.println("uncaught " + e); }
            });
            th.start();
            th.join();
            System.out.println("END");
        }
    }

    public static void main(String[] args) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, "-Xlog:exceptions=info:stdout:tags", "-cp",
                System.getProperty("java.class.path"), "ExceptionsLogging$Child"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        boolean in = false;
        for (String line : out.split("\n")) {
            if (line.equals("BEGIN")) in = true;
            if (in) {
                System.out.println(line.replaceAll("0x[0-9a-f]{16}", "0x...").replaceAll("^thrown \\[.*\\]$",
                        "thrown [...]"));
            }
            if (line.equals("END")) in = false;
        }
        System.out.println("exit status " + p.waitFor());
    }
}
