// VMOPTIONS: -Djava.library.path=@NATIVE@
// JNI FatalError: prints the message and the Java stack on standard output, then aborts.
// Runs the failing part in a child VM (the same java, same library path) so that this
// VM can report the child's output and exit status (134: SIGABRT).
import java.io.File;

public class JniFatalError {
    static native void fatal(String msg);

    static void deeper(int n) {
        if (n == 0) fatal("the native code gave up");
        else deeper(n - 1);
    }

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jnifatalerror");
        if (args.length > 0) {
            System.out.println("child: before FatalError");
            System.out.flush();
            deeper(2);
            System.out.println("child: not reached");
            return;
        }
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        ProcessBuilder pb = new ProcessBuilder(java,
            "-Djava.library.path=" + System.getProperty("java.library.path"),
            "-cp", System.getProperty("java.class.path"), "JniFatalError", "child");
        pb.redirectErrorStream(false);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        int rc = p.waitFor();
        System.out.print(out);
        System.out.println("child stderr: [" + err + "]");
        System.out.println("child exit status: " + rc);
    }
}
