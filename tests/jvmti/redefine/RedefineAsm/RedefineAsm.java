// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// What coverage tools and APM agents do: rewrite a loaded class with a bytecode library
// (the JDK's internal ASM here) so that every method first calls a probe, and redefine it
// with the result (new constants, shifted code, rewritten stack map frames and exception
// tables, larger max_stack), while another thread runs a long loop of the class (it
// finishes in the old code). Then back to the original bytes: no more probes.
import java.util.concurrent.CountDownLatch;
import jdk.internal.org.objectweb.asm.ClassReader;
import jdk.internal.org.objectweb.asm.ClassVisitor;
import jdk.internal.org.objectweb.asm.ClassWriter;
import jdk.internal.org.objectweb.asm.MethodVisitor;
import jdk.internal.org.objectweb.asm.Opcodes;

public class RedefineAsm {
    static native int redefine(Class<?> c, byte[] bytes);

    static byte[] instrument(byte[] orig) {
        ClassReader r = new ClassReader(orig);
        ClassWriter w = new ClassWriter(r, ClassWriter.COMPUTE_MAXS);
        r.accept(new ClassVisitor(Opcodes.ASM8, w) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                MethodVisitor mv = super.visitMethod(access, name, desc, sig, exc);
                String label = name + desc;
                return new MethodVisitor(Opcodes.ASM8, mv) {
                    @Override
                    public void visitCode() {
                        super.visitCode();
                        super.visitLdcInsn(label);
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, "Probe", "hit", "(Ljava/lang/String;)V", false);
                    }
                };
            }
        }, 0);
        return w.toByteArray();
    }

    static String run() {
        Work w = new Work(10);
        w.add(5);
        return w.add(1) + " " + Work.sum(new int[] {1, 2, 3}) + " " + Work.kind(5) + Work.kind(8) + " "
               + Work.careful("12") + Work.careful("x") + " " + Work.lambda(20) + " " + Work.spin(1000);
    }

    public static void main(String[] args) throws Exception {
        byte[] orig = Redef.bytesOf(Work.class);
        System.out.println("before: " + run() + " " + Probe.hits);
        CountDownLatch started = new CountDownLatch(1);
        long[] result = new long[1];
        Thread t = new Thread(() -> {
            started.countDown();
            result[0] = Work.spin(10_000_000L);
        });
        t.start();
        started.await();
        System.out.println("instrumented: " + redefine(Work.class, instrument(orig)));
        System.out.println("after: " + run() + " " + Probe.hits);
        System.out.println("again: " + run() + " " + Probe.hits);
        t.join();
        System.out.println("the loop that ran meanwhile: " + result[0] + ", probes " + Probe.hits.get("spin(J)J"));
        System.out.println("original again: " + redefine(Work.class, orig));
        System.out.println("after: " + run() + " " + Probe.hits);
        System.out.println("notes: " + Probe.notes);
    }
}
