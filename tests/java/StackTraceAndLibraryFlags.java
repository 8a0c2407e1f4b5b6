// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -XX flags with effects a program sees: MaxJavaStackTraceDepth (frames a throwable
// records; 0: all of them), -XX:-StackTraceInThrowable (none), and the flags the class
// library reads as saved properties, AutoBoxCacheMax (Integer.valueOf's cache) and
// MaxDirectMemorySize (the NIO direct-memory limit), whose properties the library then
// hides from System.getProperties. Each case runs a second VM (the same java binary).
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public class StackTraceAndLibraryFlags {
    public static class Child {
        static int down(int n) {
            if (n == 0) throw new IllegalStateException("bottom");
            return down(n - 1) + 1;
        }

        public static void main(String[] args) throws Exception {
            try {
                down(3000);
            } catch (IllegalStateException e) {
                System.out.println("frames recorded: " + e.getStackTrace().length);
            }
            Integer a = 1000, b = 1000;
            System.out.println("Integer.valueOf(1000) cached: " + (a == b));
            Class<?> vm = Class.forName("jdk.internal.misc.VM");
            long direct = (Long) vm.getMethod("maxDirectMemory").invoke(null);
            System.out.println("direct memory limit is the heap's: " + (direct == Runtime.getRuntime().maxMemory())
                    + (direct != Runtime.getRuntime().maxMemory() ? " (" + direct + ")" : ""));
            for (String k : new String[] {"java.lang.Integer.IntegerCache.high", "sun.nio.MaxDirectMemorySize"})
                System.out.println(k + " = " + System.getProperty(k));
        }
    }

    static void run(String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), "StackTraceAndLibraryFlags$Child"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        System.out.println("== " + String.join(" ", options));
        System.out.print(out);
        System.out.println("exit status " + p.waitFor());
    }

    public static void main(String[] args) throws Exception {
        run();
        run("-XX:MaxJavaStackTraceDepth=10");
        run("-XX:MaxJavaStackTraceDepth=0");
        run("-XX:-StackTraceInThrowable");
        run("-XX:AutoBoxCacheMax=2000");
        run("-XX:MaxDirectMemorySize=64m");
        run("-XX:MaxDirectMemorySize=lots");
    }
}
