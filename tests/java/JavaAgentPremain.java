// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -javaagent (java.lang.instrument over JVMTI): the program writes an agent JAR whose
// Premain-Class is its nested Agent, then runs a second VM (the same java binary) with
// -javaagent. premain runs before main with its options, a ClassFileTransformer sees the
// target class and replaces a string constant in its bytes, and the child's main prints
// the patched text.
import java.io.BufferedReader;
import java.io.File;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

public class JavaAgentPremain {
    public static class Agent {
        public static void premain(String args, Instrumentation inst) {
            System.out.println("premain: options " + args);
            System.out.println("premain: redefine supported " + inst.isRedefineClassesSupported());
            System.out.println("premain: Target loaded yet " + loaded(inst, "JavaAgentPremain$Target"));
            inst.addTransformer(new ClassFileTransformer() {
                @Override
                public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd,
                                        byte[] bytes) {
                    if (!"JavaAgentPremain$Target".equals(name)) return null;
                    System.out.println("transform: " + name + ", loader is app loader "
                                       + (loader == ClassLoader.getSystemClassLoader()));
                    return replace(bytes, "ORIGINAL", "PATCHED!");
                }
            });
        }

        static boolean loaded(Instrumentation inst, String name) {
            for (Class<?> c : inst.getAllLoadedClasses())
                if (c.getName().equals(name)) return true;
            return false;
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
    }

    public static class Target {
        public static void main(String[] args) {
            System.out.println("main: the text is ORIGINAL");
        }
    }

    public static void main(String[] args) throws Exception {
        File dir = new File(System.getProperty("java.io.tmpdir"), "glass-javaagent-" + ProcessHandle.current().pid());
        dir.mkdirs();
        File jar = new File(dir, "agent.jar");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(new Attributes.Name("Premain-Class"), "JavaAgentPremain$Agent");
        try (JarOutputStream out = new JarOutputStream(new FileOutputStream(jar), m)) {
        }
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> cmd = new ArrayList<>(List.of(java, "-javaagent:" + jar + "=opt1,opt2",
                                                   "-cp", System.getProperty("java.class.path"),
                                                   "JavaAgentPremain$Target"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null;) System.out.println("child| " + line);
        }
        System.out.println("child exit " + p.waitFor());
        jar.delete();
        dir.delete();
    }
}
