// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedInstrument (GlassVM only, -XX:+AllowEnhancedClassRedefinition; the program
// checks itself): java.lang.instrument's redefineClasses adds members. The program
// attaches to its own VM and loads an agent JAR (Agent-Class, Can-Redefine-Classes)
// whose agentmain hands it the Instrumentation; it redefines a loaded class with a live
// instance, adding an instance field, a static field, a virtual and a static method, and
// reaches them (javac compiled the program against version 1) through reflection,
// MethodHandles and a VarHandle, on the existing instance and on a new one; a heap dump
// shows the class's new fields and the instance's values.
import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.tools.attach.VirtualMachine;
import java.io.OutputStream;
import java.lang.instrument.ClassDefinition;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

public class EnhancedInstrument {
    public static class Agent {
        static volatile Instrumentation inst;

        public static void agentmain(String args, Instrumentation i) {
            inst = i;
        }
    }

    static int failures;

    static void check(String what, Object got, Object want) {
        if (String.valueOf(got).equals(String.valueOf(want))) {
            System.out.println("PASS " + what);
        } else {
            System.out.println("FAIL " + what + ": got <" + got + ">, want <" + want + ">");
            failures++;
        }
    }

    public static void main(String[] args) throws Throwable {
        EiTarget t = new EiTarget("a");
        check("v1", t.describe(), "v1 a");

        Path jar = Files.createTempFile("enhanced", ".jar");
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(new Attributes.Name("Agent-Class"), "EnhancedInstrument$Agent");
        mf.getMainAttributes().put(new Attributes.Name("Can-Redefine-Classes"), "true");
        try (OutputStream out = new JarOutputStream(Files.newOutputStream(jar), mf)) {
        }
        VirtualMachine vm = VirtualMachine.attach(String.valueOf(ProcessHandle.current().pid()));
        vm.loadAgent(jar.toString());
        vm.detach();
        Files.delete(jar);
        Instrumentation inst = Agent.inst;
        check("redefinition supported", inst.isRedefineClassesSupported(), true);
        check("modifiable", inst.isModifiableClass(EiTarget.class), true);

        inst.redefineClasses(new ClassDefinition(EiTarget.class, Redef.versionOf("EiTarget", "v2")));
        check("v2, existing instance", t.describe(), "v2 a hits=0");
        check("v2 fields", String.join(",", Arrays.stream(EiTarget.class.getDeclaredFields())
                                              .map(Field::getName).sorted().toArray(String[]::new)), "calls,hits,name");
        Method greet = EiTarget.class.getDeclaredMethod("greet", String.class);
        check("added method through reflection", greet.invoke(t, "bob"), "hello bob from a (1)");
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        MethodHandle mh = lookup.findVirtual(EiTarget.class, "greet", MethodType.methodType(String.class, String.class));
        check("added method through a MethodHandle", (String) mh.invoke(t, "eve"), "hello eve from a (2)");
        MethodHandle total = lookup.findStatic(EiTarget.class, "total", MethodType.methodType(int.class));
        check("added static method and static field", (int) total.invoke(), 2);
        VarHandle hits = lookup.findVarHandle(EiTarget.class, "hits", int.class);
        check("added instance field through a VarHandle", (int) hits.get(t), 2);
        hits.set(t, 40);
        check("VarHandle store seen by the new code", t.describe(), "v2 a hits=40");
        EiTarget u = new EiTarget("b");
        check("new instance", (String) mh.invoke(u, "x") + " / " + u.describe(), "hello x from b (1) / v2 b hits=1");
        check("static field after three calls", (int) total.invoke(), 3);

        // An HPROF heap dump (HotSpotDiagnosticMXBean) describes the new layout: the class
        // lists the added fields (the instance size counts their values, not the slack) and
        // the instance's values are read at their offsets (Hprof.java, HeapDump's parser).
        Path dump = Files.createTempFile("enhanced", ".hprof");
        Files.delete(dump);
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(dump.toString(), true);
        Hprof h = Hprof.read(dump);
        Files.delete(dump);
        Hprof.ClassDump cd = h.classNamed("EiTarget");
        StringBuilder layout = new StringBuilder();
        for (Hprof.Field f : cd.fields) layout.append(f.name).append(' ');
        check("heap dump: instance fields and size", layout + "size " + cd.instanceSize, "name hits size 12");
        check("heap dump: statics", cd.statics.keySet(), "[calls]");
        String seen = "none";
        for (Hprof.Instance o : h.instances.values()) {
            if (o.classId != cd.id) continue;
            Map<String, Object> f = h.fields(o);
            if ("a".equals(h.string((Long) f.get("name")))) seen = "name=a hits=" + f.get("hits");
        }
        check("heap dump: the existing instance's added field", seen, "name=a hits=40");
        java.lang.ref.Reference.reachabilityFence(t); // t is live in the dump
        check("heap dump: parser problems", h.problems, "[]");

        System.out.println(failures == 0 ? "PASS all" : "FAIL " + failures + " checks");
    }
}
