// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The -Xverify forms launch scripts still pass: -Xverify, -Xverify:all and
// -Xverify:remote are accepted, -Xverify:none (and the launcher's -noverify) with
// HotSpot's deprecation warning, anything else is HotSpot's error; -Xincgc, gone since
// JDK 9, is an unrecognized option. Each case runs a second VM (the same java binary);
// the warning's prefix names the VM, so only its text is compared.
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

public class VerifyOptions {
    public static class Child {
        public static void main(String[] args) {
            System.out.println("child ran");
        }
    }

    static void run(String option) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, option, "-cp", System.getProperty("java.class.path"),
                "VerifyOptions$Child"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        System.out.println("== " + option);
        System.out.print(out.replaceAll("(?m)^.* warning: ", "<VM> warning: "));
        System.out.println("exit status " + rc);
    }

    public static void main(String[] args) throws Exception {
        for (String o : new String[] {"-Xverify", "-Xverify:all", "-Xverify:remote", "-Xverify:none", "-noverify",
                "-Xverify:bogus", "-Xincgc"})
            run(o);
    }
}
