// VMOPTIONS: -Djava.library.path=@NATIVE@
// The JMM interface at the binary level (see MgmtJmmAbi/jmmabi.c): accepted versions,
// GetVersion, optional support, and slots the JDK's libraries never call.
import java.lang.management.ManagementFactory;

public class MgmtJmmAbi {
    static native void probe();

    public static void main(String[] args) {
        ManagementFactory.getRuntimeMXBean(); // libmanagement loaded, as a program has it
        System.loadLibrary("jmmabi");
        probe();
    }
}
