// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -Djdk.attach.allowAttachSelf=true -Dsun.tools.attach.attachTimeout=60000
// The Byte Buddy pattern: a program attaches to its own VM, loads an agent JAR
// (Agent-Class, Can-Retransform-Classes) and the agent's agentmain retransforms a class
// that is already loaded and running: a worker thread calls it in a loop and sees the new
// code without stopping; the loop's own frame (a method of the retransformed class)
// keeps running its old code until it returns.
import com.sun.tools.attach.VirtualMachine;
import java.io.OutputStream;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.concurrent.CountDownLatch;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

public class InstrumentAgentmain {
    public static class Worker {
        static volatile boolean stop, seenPatched;

        static String work() {
            return "ORIGINAL";
        }

        // Runs until told to stop; notes when a call returns the patched text.
        static long loop(CountDownLatch started) {
            long patched = 0;
            started.countDown();
            while (!stop) {
                if (work().equals("PATCHED!")) {
                    patched++;
                    seenPatched = true;
                }
            }
            return patched > 0 ? 1 : 0;
        }
    }

    public static class Agent {
        public static void agentmain(String args, Instrumentation inst) throws Exception {
            System.out.println("agentmain: " + args + ", retransform supported " + inst.isRetransformClassesSupported());
            ClassFileTransformer t = new ClassFileTransformer() {
                @Override
                public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd,
                                        byte[] bytes) {
                    if (!"InstrumentAgentmain$Worker".equals(name)) return null;
                    System.out.println("transform: " + name + ", being redefined " + (redefined != null));
                    return replace(bytes, "ORIGINAL", "PATCHED!");
                }
            };
            inst.addTransformer(t, true);
            for (Class<?> c : inst.getAllLoadedClasses())
                if (c.getName().equals("InstrumentAgentmain$Worker")) {
                    System.out.println("agentmain: retransforming the loaded " + c.getName());
                    inst.retransformClasses(c);
                }
            inst.removeTransformer(t);
        }
    }

    static byte[] replace(byte[] b, String from, String to) {
        byte[] f = from.getBytes(StandardCharsets.UTF_8), t = to.getBytes(StandardCharsets.UTF_8);
        byte[] out = b.clone();
        for (int i = 0; i + f.length <= out.length; i++) {
            boolean match = true;
            for (int j = 0; j < f.length && match; j++) match = out[i + j] == f[j];
            if (match) System.arraycopy(t, 0, out, i, t.length);
        }
        return out;
    }

    public static void main(String[] args) throws Exception {
        System.out.println("before: " + Worker.work());
        CountDownLatch started = new CountDownLatch(1);
        long[] result = new long[1];
        Thread worker = new Thread(() -> result[0] = Worker.loop(started));
        worker.start();
        started.await();

        Path jar = Files.createTempFile("agentmain", ".jar");
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(new Attributes.Name("Agent-Class"), "InstrumentAgentmain$Agent");
        mf.getMainAttributes().put(new Attributes.Name("Can-Retransform-Classes"), "true");
        try (OutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf)) {
        }
        VirtualMachine vm = VirtualMachine.attach(String.valueOf(ProcessHandle.current().pid()));
        vm.loadAgent(jar.toString(), "from main");
        vm.detach();
        Files.delete(jar);

        System.out.println("after: " + Worker.work());
        // The worker's loop calls work() anew each time: it sees the new code.
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Worker.seenPatched && System.nanoTime() < deadline) Thread.sleep(10);
        Worker.stop = true;
        worker.join();
        System.out.println("the running loop saw the new code: " + (result[0] == 1));
    }
}
