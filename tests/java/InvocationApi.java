// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ARGS: @TESTSRC@
// The JNI invocation API (JNI spec chapter 5) from a native program that embeds the VM:
// JNI_GetDefaultJavaVMInitArgs for each version, JNI_CreateJavaVM (a bad version, then
// success, then a second one while alive), JNI_GetCreatedJavaVMs, GetEnv, calls into Java
// and an exception back, a native thread attached (FindClass from it, AttachCurrentThread
// twice, DetachCurrentThread), DestroyJavaVM waiting for a non-daemon Java thread, and
// creating a VM again after it (JNI_ERR, then JNI_EEXIST, as HotSpot: GlassVM answered
// JNI_EEXIST); in a second process an unrecognized option. The embedder
// (InvocationApi/embedder.c) is compiled here with gcc and opens the running VM's own
// libjvm.so (java.home), so HotSpot's run is the expectation.
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

public class InvocationApi {
    public static class Embedded {
        public static String greet(String who) {
            return "hello " + who + " from " + Thread.currentThread().getName() + ", embedded.by="
                    + System.getProperty("embedded.by");
        }

        public static void fail() {
            throw new IllegalStateException("from Java");
        }

        public static String whoAmI() {
            Thread t = Thread.currentThread();
            return t.getName() + " daemon=" + t.isDaemon() + " group=" + t.getThreadGroup().getName();
        }

        public static void startLater() {
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                }
                System.out.println("non-daemon thread finished");
            });
            t.start();
        }
    }

    public static void main(String[] args) throws Exception {
        File dir = Files.createTempDirectory("embedder").toFile();
        File exe = new File(dir, "embedder");
        Process gcc = new ProcessBuilder("gcc", "-O1", "-o", exe.getPath(), args[0] + "/embedder.c",
                "-I" + System.getProperty("java.home") + "/include",
                "-I" + System.getProperty("java.home") + "/include/linux", "-ldl", "-lpthread")
                .inheritIO().start();
        if (gcc.waitFor() != 0) throw new AssertionError("gcc failed");
        String libjvm = System.getProperty("java.home") + "/lib/server/libjvm.so";
        for (String mode : List.of("life", "badoption")) {
            System.out.println("== " + mode);
            ProcessBuilder pb = new ProcessBuilder(exe.getPath(), libjvm, System.getProperty("java.class.path"), mode)
                    .redirectErrorStream(true);
            pb.environment().remove("JAVA_TOOL_OPTIONS");
            pb.environment().remove("_JAVA_OPTIONS");
            Process p = pb.start();
            System.out.print(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            System.out.println("exit status " + p.waitFor());
        }
        exe.delete();
        dir.delete();
    }
}
