// VMOPTIONS: -Xmx48m -XX:+HeapDumpOnOutOfMemoryError
// HotSpotDiagnosticMXBean getVMOption / setVMOption / getDiagnosticOptions for flags
// GlassVM has: values, origins, writeability, and the JDK's errors for unknown flags,
// read-only flags, bad values and nulls.
import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.*;

public class MgmtDiagnostic {
    static HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);

    static void show(String name) {
        try {
            VMOption o = hs.getVMOption(name);
            System.out.println(o.getName() + " = " + o.getValue() + " origin " + o.getOrigin() + " writeable " + o.isWriteable());
        } catch (Exception e) {
            System.out.println(e.getClass().getName() + ": " + e.getMessage());
        }
    }

    static void set(String name, String value) {
        try {
            hs.setVMOption(name, value);
            System.out.println("set " + name);
        } catch (Exception e) {
            System.out.println(e.getClass().getName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        show("HeapDumpOnOutOfMemoryError");
        show("HeapDumpPath");
        show("PrintConcurrentLocks");
        show("MaxHeapSize");
        show("UsePerfData");
        show("DisableAttachMechanism");
        show("NoSuchFlagAnywhere");
        show(null);
        set("PrintConcurrentLocks", "true");
        show("PrintConcurrentLocks");
        set("HeapDumpOnOutOfMemoryError", "false");
        show("HeapDumpOnOutOfMemoryError");
        set("HeapDumpPath", "/tmp/mgmt-dump.hprof");
        show("HeapDumpPath");
        set("PrintConcurrentLocks", "maybe");
        set("MaxHeapSize", "1000");
        set("UsePerfData", "false");
        set("NoSuchFlagAnywhere", "1");
        set("PrintConcurrentLocks", null);
        set(null, "1");
        // A manageable flag GlassVM honors: helpful NullPointerException messages.
        show("ShowCodeDetailsInExceptionMessages");
        for (String v : new String[] {"false", "true"}) {
            set("ShowCodeDetailsInExceptionMessages", v);
            try {
                String s = null;
                s.length();
            } catch (NullPointerException e) {
                System.out.println("NPE message: " + e.getMessage());
            }
        }
        Set<String> diag = new TreeSet<>();
        for (VMOption o : hs.getDiagnosticOptions()) {
            diag.add(o.getName());
            if (!o.isWriteable()) System.out.println("not writeable: " + o.getName());
        }
        System.out.println("diagnostic options include: " + diag.containsAll(List.of("HeapDumpOnOutOfMemoryError",
                "HeapDumpPath", "PrintConcurrentLocks")) + ", exclude MaxHeapSize: " + !diag.contains("MaxHeapSize"));
    }
}
