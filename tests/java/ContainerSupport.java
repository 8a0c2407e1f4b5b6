// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Container support, as services in Docker and Kubernetes rely on it: with
// -XX:+UseContainerSupport (the default) the class library reads the process's cgroup
// metrics (-XshowSettings:system, jdk.internal.platform.Container.metrics()), and
// -XX:-UseContainerSupport turns that off; -XX:ActiveProcessorCount=N overrides
// Runtime.availableProcessors and the OperatingSystemMXBean's count. Each case runs a
// second VM (the same java binary); both VMs read the same cgroup files of this machine.
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class ContainerSupport {
    public static class Child {
        public static void main(String[] args) throws Exception {
            System.out.println("availableProcessors " + Runtime.getRuntime().availableProcessors());
            System.out.println("OperatingSystemMXBean processors "
                    + ManagementFactory.getOperatingSystemMXBean().getAvailableProcessors());
            Class<?> container = Class.forName("jdk.internal.platform.Container");
            Object metrics = container.getMethod("metrics").invoke(null);
            System.out.println("metrics " + (metrics == null ? "none" : metrics.getClass().getName()));
        }
    }

    static void run(String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java));
        cmd.addAll(Arrays.asList(options));
        cmd.addAll(List.of("--add-exports", "java.base/jdk.internal.platform=ALL-UNNAMED", "--add-opens",
                "java.base/jdk.internal.platform=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "ContainerSupport$Child"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        System.out.println("== " + String.join(" ", options));
        System.out.print(out);
        System.out.println("exit status " + rc);
    }

    public static void main(String[] args) throws Exception {
        run();
        run("-XshowSettings:system");
        run("-XX:-UseContainerSupport", "-XshowSettings:system");
        run("-XX:ActiveProcessorCount=1");
        run("-XX:ActiveProcessorCount=3", "-XX:-UseContainerSupport");
    }
}
