// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ARGS: @TESTSRC@/greeting.jfr.gz
//
// jdk.jfr's recording reader runs on a VM without a Flight Recorder: reading a file needs
// jdk.jfr.internal.JVM's static initializer (registerNatives, subscribeLogLevel, the
// Options setters) and getTypeId(String) / getTypeId(Class), which HotSpot binds in its
// libjvm. greeting.jfr.gz is a recording HotSpot 17 made with only a custom event
// enabled (glass.Greeting, three commits with fixed values: text, count, a @Timespan in
// milliseconds, a @DataAmount). The test prints the event types, the events' fields, their
// annotations (found by type id and name) and RecordedEvent.toString(), which formats
// values by those annotations.
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;
import jdk.jfr.DataAmount;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Timespan;
import jdk.jfr.ValueDescriptor;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

public class JfrReader {
    public static void main(String[] args) throws Exception {
        Path file = Files.createTempFile("glass-jfr", ".jfr");
        try {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of(args[0])))) {
                Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            try (RecordingFile rf = new RecordingFile(file)) {
                List<EventType> types = rf.readEventTypes();
                TreeSet<String> names = new TreeSet<>();
                for (EventType t : types) names.add(t.getName());
                System.out.println("event types: " + types.size() + ", has jdk.ThreadStart: "
                        + names.contains("jdk.ThreadStart") + ", first: " + names.first());
                for (EventType t : types) {
                    if (!t.getName().equals("glass.Greeting")) continue;
                    System.out.println(t.getName() + " label=" + t.getLabel() + " categories=" + t.getCategoryNames());
                    for (ValueDescriptor v : t.getFields()) {
                        Timespan ts = v.getAnnotation(Timespan.class);
                        System.out.println("  " + v.getName() + ": " + v.getTypeName() + " label=" + v.getLabel()
                                + (ts != null ? " timespan=" + ts.value() : "")
                                + (v.getAnnotation(DataAmount.class) != null ? " dataAmount" : ""));
                    }
                }
                int n = 0;
                while (rf.hasMoreEvents()) {
                    RecordedEvent e = rf.readEvent();
                    if (!e.getEventType().getName().equals("glass.Greeting")) continue;
                    n++;
                    System.out.println(e.getString("text") + " " + e.getInt("count") + " " + e.getDuration("took")
                            + " " + e.getLong("bytes") + " thread=" + e.getThread().getJavaName());
                    System.out.print(e);
                }
                System.out.println("greetings: " + n);
            }
        } finally {
            Files.delete(file);
        }
        System.out.println("label of Label: " + Label.class.getSimpleName());
    }
}
