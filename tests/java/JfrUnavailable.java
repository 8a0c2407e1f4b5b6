// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GlassVM has no flight recorder. Its options (-XX:StartFlightRecording,
// -XX:FlightRecorderOptions, -XX:+FlightRecorder) are accepted with one warning each on
// stderr that names the option (-XX:+/-FlightRecorder with HotSpot's deprecation warning
// first), and jdk.jfr's API finds the VM unsupported:
// FlightRecorder.isAvailable() is false, events are no-ops, Recording and
// getFlightRecorder() throw. Each case runs a second VM (the same java binary). The API's
// answers are compared with HotSpot told to treat itself as unsupported
// (-Djfr.unsupported.vm=true, jdk.jfr's own switch for this); HotSpot, which does record,
// runs without the JFR options and must print nothing on stderr. GlassVM's warnings are
// checked on GlassVM alone, against the text below.
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import jdk.jfr.Configuration;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Name;
import jdk.jfr.Recording;

public class JfrUnavailable {
    static final boolean GLASSVM = "GlassVM".equals(System.getProperty("java.vm.name"));

    @Name("test.Probe")
    static class ProbeEvent extends Event {
        int value;
    }

    interface Step {
        Object run() throws Exception;
    }

    static void step(String what, Step s) {
        try {
            System.out.println(what + ": " + s.run());
        } catch (Throwable e) {
            System.out.println(what + ": " + e);
        }
    }

    /* The child: what jdk.jfr says. */
    public static class Probe {
        public static void main(String[] args) {
            step("isAvailable", () -> FlightRecorder.isAvailable());
            step("isInitialized", () -> FlightRecorder.isInitialized());
            step("event", () -> {
                ProbeEvent e = new ProbeEvent();
                e.begin();
                e.value = 1;
                e.end();
                boolean should = e.shouldCommit();
                e.commit();
                return "enabled " + e.isEnabled() + ", shouldCommit " + should;
            });
            step("getFlightRecorder", () -> FlightRecorder.getFlightRecorder());
            step("new Recording", () -> new Recording());
            step("Configuration", () -> Configuration.getConfiguration("default").getName());
            step("EventType", () -> EventType.getEventType(ProbeEvent.class).getName());
            step("addListener", () -> {
                FlightRecorder.addListener(new FlightRecorderListener() {});
                return "ok";
            });
            step("register", () -> {
                FlightRecorder.register(ProbeEvent.class);
                return "ok";
            });
        }
    }

    static String warning(String option) {
        return "GlassVM warning: Option " + option + " ignored: GlassVM has no flight recorder (JFR)\n";
    }

    /* HotSpot 17's own warning for -XX:+/-FlightRecorder, which it deprecated in 13. */
    static final String DEPRECATED = "GlassVM warning: Option FlightRecorder was deprecated in version 13.0 and will "
            + "likely be removed in a future release.\n";

    /* Runs the probe with the given JFR options (GlassVM only) and JAVA_TOOL_OPTIONS;
     * expectedStderr is GlassVM's. */
    static void run(String toolOptions, String expectedStderr, String... options) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        File out = File.createTempFile("JfrUnavailable", ".out");
        File err = File.createTempFile("JfrUnavailable", ".err");
        File recording = new File(out.getPath() + ".jfr");
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        if (GLASSVM) {
            for (String o : options) cmd.add(o.replace("@FILE@", recording.getPath()));
            if (toolOptions != null) pb.environment().put("JAVA_TOOL_OPTIONS", toolOptions);
        } else {
            cmd.add("-Djfr.unsupported.vm=true");
            expectedStderr = "";
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("JfrUnavailable$Probe");
        int rc = pb.start().waitFor();
        System.out.println("== " + (toolOptions != null ? "JAVA_TOOL_OPTIONS=\"" + toolOptions + "\" " : "")
                + String.join(" ", options));
        System.out.print(new String(Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8));
        System.out.println("exit status " + rc + ", recording written: " + recording.exists());
        String stderr = new String(Files.readAllBytes(err.toPath()), StandardCharsets.UTF_8);
        System.out.println(stderr.equals(expectedStderr) ? "stderr as expected" : "unexpected stderr:\n" + stderr);
        out.delete();
        err.delete();
        recording.delete();
    }

    public static void main(String[] args) throws Exception {
        run(null, "");
        run(null, DEPRECATED + warning("FlightRecorder"), "-XX:+FlightRecorder");
        run(null, DEPRECATED, "-XX:-FlightRecorder");
        run(null, warning("StartFlightRecording"), "-XX:StartFlightRecording=duration=30s,filename=@FILE@");
        run(null, warning("FlightRecorderOptions") + warning("StartFlightRecording"),
            "-XX:FlightRecorderOptions=stackdepth=96", "-XX:StartFlightRecording",
            "-XX:StartFlightRecording=name=second,filename=@FILE@", "-XX:FlightRecorderOptions=memorysize=20m");
        run("-XX:StartFlightRecording", "Picked up JAVA_TOOL_OPTIONS: -XX:StartFlightRecording\n"
            + warning("StartFlightRecording"), "-Dx=y");
    }
}
