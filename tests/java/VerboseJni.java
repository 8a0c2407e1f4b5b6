// VMOPTIONS: -Djava.library.path=@NATIVE@
// -verbose:jni prints HotSpot's lines, through unified logging's jni+resolve tags at
// debug level: "[Dynamic-linking native method C.m ... JNI]" when a native method is
// linked by its JNI name, "[Registering JNI native method C.m]" for each method
// RegisterNatives binds. A child VM (the same java) runs with -verbose:jni; this VM
// prints the child's lines about this class, with the decorations' uptime (which
// varies) replaced, and checks that every other line of the child's standard output is
// a decorated jni,resolve line too.
import java.io.File;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class VerboseJni {
    static native int linked();

    static native int registered();

    static native int later();

    static native void registerLater();

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            System.loadLibrary("verbosejni");
            int a = linked(), b = registered();
            registerLater();
            int c = later();
            System.out.println("child: " + a + " " + b + " " + c);
            return;
        }
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        for (String opt : new String[] {"-verbose:jni", "-Xlog:jni+resolve=debug"}) {
            ProcessBuilder pb = new ProcessBuilder(java, opt,
                "-Djava.library.path=" + System.getProperty("java.library.path"),
                "-cp", System.getProperty("java.class.path"), "VerboseJni", "child");
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            String err = new String(p.getErrorStream().readAllBytes());
            int rc = p.waitFor();
            System.out.println(opt + ":");
            Pattern decorated = Pattern.compile("\\[[0-9]+\\.[0-9]{3}s\\](\\[debug\\]\\[jni,resolve\\] .*)");
            int others = 0, undecorated = 0;
            for (String line : out.split("\n")) {
                Matcher m = decorated.matcher(line);
                if (line.startsWith("child: ")) {
                    System.out.println("  " + line);
                } else if (!m.matches()) {
                    undecorated++;
                    if (undecorated <= 3) System.out.println("  undecorated: " + line);
                } else if (line.contains("VerboseJni")) {
                    System.out.println("  [uptime]" + m.group(1));
                } else {
                    others++;
                }
            }
            System.out.println("  other jni,resolve lines: " + (others > 0 ? "some" : "none")
                + ", undecorated lines: " + undecorated);
            System.out.println("  stderr: [" + err + "], exit status " + rc);
        }
    }
}
