// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Diagnostic and experimental -XX flags are locked, as in HotSpot: one given before
// -XX:+UnlockDiagnosticVMOptions / -XX:+UnlockExperimentalVMOptions (or without it) stops
// start-up with HotSpot's two-line error, even under -XX:+IgnoreUnrecognizedVMOptions;
// after the unlock it is accepted. Also the -X options HotSpot 17 refuses or reports
// (-Xbootclasspath, -Xbootclasspath/p, -Xcheck:<other than jni>, -Xshare other than
// :on/:off/:auto) and the one it still
// takes with a warning (-Xprof). Each case runs a second VM (the same java binary); a
// warning's prefix names the VM, so only its text is compared.
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public class LockedVMOptions {
    public static class Child {
        public static void main(String[] args) {
            System.out.println("child ran");
        }
    }

    static void run(String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "LockedVMOptions$Child"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        System.out.println("== " + String.join(" ", options));
        // Epsilon's own start-up advice (HotSpot's collector) is not about options.
        for (String line : out.split("\n"))
            if (!line.isEmpty() && !line.contains("[gc,init]"))
                System.out.println(line.replaceAll("^.* warning: ", "<VM> warning: "));
        System.out.println("exit status " + p.waitFor());
    }

    public static void main(String[] args) throws Exception {
        run("-XX:+LogVMOutput");
        run("-XX:LogVMOutput=3");
        run("-XX:+IgnoreUnrecognizedVMOptions", "-XX:+LogVMOutput");
        run("-XX:+UnlockDiagnosticVMOptions", "-XX:+LogVMOutput");
        run("-XX:+LogVMOutput", "-XX:+UnlockDiagnosticVMOptions");
        run("-XX:+UnlockDiagnosticVMOptions", "-XX:-UnlockDiagnosticVMOptions", "-XX:+LogVMOutput");
        run("-XX:+UseEpsilonGC");
        run("-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");
        run("-XX:+UnlockDiagnosticVMOptions", "-XX:+UseEpsilonGC");
        run("-Xbootclasspath:/tmp");
        run("-Xbootclasspath/p:/tmp");
        run("-Xcheck:jni");
        run("-Xcheck:bogus");
        run("-Xprof");
        run("-Xshare:auto");
        run("-Xshare:on");
        run("-Xshare:foo");
        run("-Xshare");
        run("-XX:+IgnoreUnrecognizedVMOptions", "-Xshare:bogus");
    }
}
