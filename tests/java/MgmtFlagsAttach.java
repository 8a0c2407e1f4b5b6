// VMOPTIONS: -Djdk.attach.allowAttachSelf=true --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED -XX:+HeapDumpOnOutOfMemoryError -Dsun.tools.attach.attachTimeout=60000
// JAVACOPTIONS: --add-exports jdk.attach/sun.tools.attach=ALL-UNNAMED
// The attach operations behind jinfo -flag (printflag, setflag) on the program's own VM:
// values as -XX options, a manageable flag changed (origin ATTACH_ON_DEMAND, as
// HotSpotDiagnosticMXBean then shows), and HotSpot's replies for read-only and unknown
// flags, bad values and a missing name.
import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import sun.tools.attach.HotSpotVirtualMachine;
import com.sun.tools.attach.VirtualMachine;

public class MgmtFlagsAttach {
    static HotSpotVirtualMachine vm;

    static void print(String name) throws Exception {
        try (InputStream in = vm.printFlag(name)) {
            System.out.print("printflag " + name + ": " + new String(in.readAllBytes()));
        }
    }

    static void set(String name, String value) {
        try (InputStream in = vm.setFlag(name, value)) {
            System.out.println("setflag " + name + " " + value + ": ok [" + new String(in.readAllBytes()) + "]");
        } catch (Exception e) {
            System.out.println("setflag " + name + " " + value + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) throws Exception {
        vm = (HotSpotVirtualMachine) VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
        print("HeapDumpOnOutOfMemoryError");
        print("PrintConcurrentLocks");
        print("HeapDumpPath");
        print("NoSuchFlagAtAll");
        set("PrintConcurrentLocks", "1");
        print("PrintConcurrentLocks");
        set("HeapDumpPath", "/tmp/flags-attach.hprof");
        print("HeapDumpPath");
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        System.out.println("MXBean sees: " + hs.getVMOption("PrintConcurrentLocks").getValue() + " "
                + hs.getVMOption("PrintConcurrentLocks").getOrigin());
        set("PrintConcurrentLocks", "maybe");
        set("MaxHeapSize", "1000");
        set("NoSuchFlagAtAll", "1");
        set("PrintConcurrentLocks", "0");
        print("PrintConcurrentLocks");
        vm.detach();
    }
}
