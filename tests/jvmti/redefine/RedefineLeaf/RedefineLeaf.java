// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Redefining methods the VM may compute without running them (GlassVM's interpreter
// leaves: Math.max, Math.abs, ...): once their bodies change, calls run the new bodies;
// a method whose body stays the same (Math.min) goes on as before; max(DD)D, which has a
// typed leaf, is called from a quickened invokestatic and from the fused dload+ldc2_w+
// invokestatic. (-Xint: HotSpot's compilers would use their own intrinsics instead of the
// redefined bodies.)
import jdk.internal.org.objectweb.asm.AnnotationVisitor;
import jdk.internal.org.objectweb.asm.ClassReader;
import jdk.internal.org.objectweb.asm.ClassVisitor;
import jdk.internal.org.objectweb.asm.ClassWriter;
import jdk.internal.org.objectweb.asm.Label;
import jdk.internal.org.objectweb.asm.MethodVisitor;
import jdk.internal.org.objectweb.asm.Opcodes;

public class RedefineLeaf {
    static native int redefine(Class<?> c, byte[] bytes);

    /** Math with max(II)I, abs(I)I and max(DD)D answering as before except for one
     *  argument each (max(DD)D as before for the ordinary arguments used here). */
    static byte[] changedMath(byte[] orig) {
        ClassReader r = new ClassReader(orig);
        ClassWriter w = new ClassWriter(r, 0);
        r.accept(new ClassVisitor(Opcodes.ASM8, w) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                MethodVisitor target = super.visitMethod(access, name, desc, sig, exc);
                boolean max = name.equals("max") && desc.equals("(II)I"), abs = name.equals("abs") && desc.equals("(I)I");
                boolean dmax = name.equals("max") && desc.equals("(DD)D");
                if (!max && !abs && !dmax) return target;
                // The original's annotations (@IntrinsicCandidate) kept, its code left out.
                return new MethodVisitor(Opcodes.ASM8) {
                    @Override
                    public AnnotationVisitor visitAnnotation(String d, boolean visible) {
                        return target.visitAnnotation(d, visible);
                    }

                    @Override
                    public void visitEnd() {
                        target.visitCode();
                        Label other = new Label(), second = new Label();
                        if (dmax) { // max(12345.0, 4321.0) is -7.0; a >= b ? a : b otherwise
                            target.visitVarInsn(Opcodes.DLOAD, 0);
                            target.visitLdcInsn(12345.0);
                            target.visitInsn(Opcodes.DCMPL);
                            target.visitJumpInsn(Opcodes.IFNE, other);
                            target.visitVarInsn(Opcodes.DLOAD, 2);
                            target.visitLdcInsn(4321.0);
                            target.visitInsn(Opcodes.DCMPL);
                            target.visitJumpInsn(Opcodes.IFNE, other);
                            target.visitLdcInsn(-7.0);
                            target.visitInsn(Opcodes.DRETURN);
                            target.visitLabel(other);
                            target.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                            target.visitVarInsn(Opcodes.DLOAD, 0);
                            target.visitVarInsn(Opcodes.DLOAD, 2);
                            target.visitInsn(Opcodes.DCMPL);
                            target.visitJumpInsn(Opcodes.IFLT, second);
                            target.visitVarInsn(Opcodes.DLOAD, 0);
                            target.visitInsn(Opcodes.DRETURN);
                            target.visitLabel(second);
                            target.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                            target.visitVarInsn(Opcodes.DLOAD, 2);
                            target.visitInsn(Opcodes.DRETURN);
                            target.visitMaxs(4, 4);
                            target.visitEnd();
                            return;
                        }
                        if (max) { // max(12345, 4321) is -7; the rest as before
                            target.visitVarInsn(Opcodes.ILOAD, 0);
                            target.visitIntInsn(Opcodes.SIPUSH, 12345);
                            target.visitJumpInsn(Opcodes.IF_ICMPNE, other);
                            target.visitVarInsn(Opcodes.ILOAD, 1);
                            target.visitIntInsn(Opcodes.SIPUSH, 4321);
                            target.visitJumpInsn(Opcodes.IF_ICMPNE, other);
                            target.visitIntInsn(Opcodes.BIPUSH, -7);
                            target.visitInsn(Opcodes.IRETURN);
                            target.visitLabel(other);
                            target.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                            target.visitVarInsn(Opcodes.ILOAD, 0);
                            target.visitVarInsn(Opcodes.ILOAD, 1);
                            target.visitJumpInsn(Opcodes.IF_ICMPLT, second);
                            target.visitVarInsn(Opcodes.ILOAD, 0);
                            target.visitInsn(Opcodes.IRETURN);
                            target.visitLabel(second);
                            target.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                            target.visitVarInsn(Opcodes.ILOAD, 1);
                        } else { // abs(-777) is 42; the rest as before
                            target.visitVarInsn(Opcodes.ILOAD, 0);
                            target.visitIntInsn(Opcodes.SIPUSH, -777);
                            target.visitJumpInsn(Opcodes.IF_ICMPNE, other);
                            target.visitIntInsn(Opcodes.BIPUSH, 42);
                            target.visitInsn(Opcodes.IRETURN);
                            target.visitLabel(other);
                            target.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                            target.visitVarInsn(Opcodes.ILOAD, 0);
                            target.visitJumpInsn(Opcodes.IFGE, second);
                            target.visitVarInsn(Opcodes.ILOAD, 0);
                            target.visitInsn(Opcodes.INEG);
                            target.visitInsn(Opcodes.IRETURN);
                            target.visitLabel(second);
                            target.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
                            target.visitVarInsn(Opcodes.ILOAD, 0);
                        }
                        target.visitInsn(Opcodes.IRETURN);
                        target.visitMaxs(2, max ? 2 : 1);
                        target.visitEnd();
                    }
                };
            }
        }, 0);
        return w.toByteArray();
    }

    static String calls() {
        return "max(3, 4)=" + Math.max(3, 4) + " max(12345, 4321)=" + Math.max(12345, 4321) + " abs(-5)="
               + Math.abs(-5) + " abs(-777)=" + Math.abs(-777) + " min(3, 4)=" + Math.min(3, 4)
               + " max(2L, 9L)=" + Math.max(2L, 9L) + " sqrt(16)=" + Math.sqrt(16.0)
               + " max(12345.0, 4321.0)=" + dmax(12345.0, 4321.0) + " max(5.0, 4321.0)=" + dmax(5.0, 4321.0)
               + " max(12345.0, 4321.0)=" + dmaxConst(0, 0, 12345.0) + " max(4322.0, 4321.0)=" + dmaxConst(0, 0, 4322.0);
    }

    static double dmax(double a, double b) {
        return Math.max(a, b); // dload_0, dload_2, invokestatic: the quickened call's typed leaf
    }

    static double dmaxConst(double u, double v, double a) {
        return Math.max(a, 4321.0); // dload 4, ldc2_w, invokestatic: fused
    }

    public static void main(String[] args) {
        byte[] orig = Redef.bytesOf(Math.class);
        for (int i = 0; i < 3; i++) System.out.println("before: " + calls());
        System.out.println("redefine Math: " + redefine(Math.class, changedMath(orig)));
        for (int i = 0; i < 3; i++) System.out.println("after: " + calls());
        System.out.println("redefine Math back: " + redefine(Math.class, orig));
        System.out.println("back: " + calls());
    }
}
