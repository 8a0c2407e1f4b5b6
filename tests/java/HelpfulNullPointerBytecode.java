// JAVACOPTIONS: --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED
// VMOPTIONS: --add-exports java.base/jdk.internal.org.objectweb.asm=ALL-UNNAMED
// JEP 358 NullPointerException messages for bytecode javac never emits, generated with the
// JDK's internal ASM: every dup/swap form around long values, wide locals, monitorexit,
// a null returned by invokedynamic (HotSpot leaves the sentence ending in `because "`),
// jsr/ret subroutines, exception handlers, switches, LocalVariableTable scopes and
// duplicates, MethodParameters without a LocalVariableTable, a receiver slot overwritten
// in an instance method, iinc on a parameter, and HotSpot's analysis shortcuts: merging
// a successor's stack into the next successor, and stopping before a loop's back edge.
import static jdk.internal.org.objectweb.asm.Opcodes.*;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import jdk.internal.org.objectweb.asm.ClassWriter;
import jdk.internal.org.objectweb.asm.Handle;
import jdk.internal.org.objectweb.asm.Label;
import jdk.internal.org.objectweb.asm.MethodVisitor;
import jdk.internal.org.objectweb.asm.Type;

public class HelpfulNullPointerBytecode {
    interface Body { void emit(MethodVisitor mv); }

    record Def(String name, int access, String desc, Body body, Object[][] calls) { }

    static final String GEN = "GenNpe", OLD = "GenOldNpe";
    static final String STR = "java/lang/String", OBJ = "java/lang/Object";

    /* Bootstrap for the generated invokedynamic sites: a String site returns null, any
     * other type a fresh instance. */
    public static CallSite bsm(MethodHandles.Lookup l, String name, MethodType type) throws Exception {
        Class<?> rt = type.returnType();
        Object v = rt == String.class ? null : rt.getDeclaredConstructor().newInstance();
        return new ConstantCallSite(MethodHandles.constant(rt, v));
    }

    static Object[][] calls(Object[]... c) { return c; }
    static Object[] args(Object... a) { return a; }

    static void length(MethodVisitor mv) { mv.visitMethodInsn(INVOKEVIRTUAL, STR, "length", "()I", false); }

    static List<Def> modern() {
        List<Def> d = new ArrayList<>();
        Handle bsm = new Handle(H_INVOKESTATIC, "HelpfulNullPointerBytecode", "bsm",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;", false);
        d.add(new Def("indyNull", ACC_STATIC, "()V", mv -> {
            mv.visitInvokeDynamicInsn("get", "()Ljava/lang/String;", bsm);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args())));
        d.add(new Def("indyReceiverField", ACC_STATIC, "()V", mv -> {
            mv.visitInvokeDynamicInsn("make", "()LGenNpe;", bsm);
            mv.visitFieldInsn(GETFIELD, GEN, "next", "LGenNpe;");
            mv.visitFieldInsn(GETFIELD, GEN, "name", "Ljava/lang/String;");
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args())));
        d.add(new Def("monitorexitNull", ACC_STATIC, "(Ljava/lang/Object;)V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(MONITOREXIT);
            mv.visitInsn(RETURN);
        }, calls(args((Object) null))));
        d.add(new Def("swapRef", ACC_STATIC, "(Ljava/lang/String;)V", mv -> {
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(SWAP);
            mv.visitInsn(POP);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args((Object) null))));
        d.add(new Def("dupX1", ACC_STATIC, "(Ljava/lang/String;Ljava/lang/String;)V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ALOAD, 1);
            mv.visitInsn(DUP_X1);
            mv.visitInsn(POP);
            mv.visitInsn(POP);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args("a", null))));
        d.add(new Def("dupX2Long", ACC_STATIC, "(Ljava/lang/String;J)V", mv -> {
            mv.visitVarInsn(LLOAD, 1);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(DUP_X2);
            mv.visitInsn(POP);
            mv.visitInsn(POP2);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args(null, 5L))));
        d.add(new Def("dup2Long", ACC_STATIC, "(Ljava/lang/String;J)V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(LLOAD, 1);
            mv.visitInsn(DUP2);
            mv.visitInsn(POP2);
            mv.visitInsn(POP2);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args(null, 5L))));
        d.add(new Def("dup2X1Long", ACC_STATIC, "(Ljava/lang/String;J)V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(LLOAD, 1);
            mv.visitInsn(DUP2_X1);
            mv.visitInsn(POP2);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(POP2);
            mv.visitInsn(RETURN);
        }, calls(args(null, 5L))));
        d.add(new Def("dup2X2Refs", ACC_STATIC,
                "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)V", mv -> {
            for (int i = 0; i < 4; i++) mv.visitVarInsn(ALOAD, i);
            mv.visitInsn(DUP2_X2);
            for (int i = 0; i < 5; i++) mv.visitInsn(POP);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args("a", "b", null, "d"))));
        d.add(new Def("dup2X2Long", ACC_STATIC, "(Ljava/lang/String;J)V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(LLOAD, 1);
            mv.visitInsn(DUP2_X2);
            mv.visitInsn(POP2);
            mv.visitInsn(POP);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(POP2);
            mv.visitInsn(RETURN);
        }, calls(args(null, 1L))));
        d.add(new Def("wideLocal", ACC_STATIC, "(Ljava/lang/String;)V", mv -> {
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, 299);
            mv.visitIincInsn(299, 1000);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ASTORE, 300);
            mv.visitVarInsn(ALOAD, 300);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args((Object) null))));
        d.add(new Def("wideLocalNamed", ACC_STATIC, "(Ljava/lang/String;)V", mv -> {
            Label start = new Label(), end = new Label();
            mv.visitLabel(start);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ASTORE, 300);
            mv.visitVarInsn(ALOAD, 300);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
            mv.visitLabel(end);
            mv.visitLocalVariable("s", "Ljava/lang/String;", null, start, end, 0);
            mv.visitLocalVariable("far", "Ljava/lang/String;", null, start, end, 300);
        }, calls(args((Object) null))));
        d.add(new Def("thisOverwritten", 0, "()V", mv -> {
            mv.visitInsn(ACONST_NULL);
            mv.visitVarInsn(ASTORE, 0);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKEVIRTUAL, OBJ, "hashCode", "()I", false);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args())));
        d.add(new Def("thisNamedSelf", 0, "()V", mv -> {
            Label start = new Label(), end = new Label();
            mv.visitLabel(start);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, GEN, "next", "LGenNpe;");
            mv.visitFieldInsn(GETFIELD, GEN, "name", "Ljava/lang/String;");
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
            mv.visitLabel(end);
            mv.visitLocalVariable("self", "LGenNpe;", null, start, end, 0);
        }, calls(args())));
        d.add(new Def("thisUnnamed", 0, "()V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitFieldInsn(GETFIELD, GEN, "next", "LGenNpe;");
            mv.visitFieldInsn(GETFIELD, GEN, "next", "LGenNpe;");
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args())));
        d.add(new Def("lvtOutOfScope", ACC_STATIC, "(Ljava/lang/String;)V", mv -> {
            Label later = new Label(), end = new Label();
            mv.visitInsn(NOP);
            mv.visitVarInsn(ALOAD, 0);
            length(mv);
            mv.visitInsn(POP);
            mv.visitLabel(later);
            mv.visitInsn(RETURN);
            mv.visitLabel(end);
            mv.visitLocalVariable("s", "Ljava/lang/String;", null, later, end, 0);
        }, calls(args((Object) null))));
        d.add(new Def("lvtFirstMatchWins", ACC_STATIC, "(Ljava/lang/String;)V", mv -> {
            Label start = new Label(), mid = new Label(), end = new Label();
            mv.visitLabel(start);
            mv.visitInsn(NOP);
            mv.visitLabel(mid);
            mv.visitVarInsn(ALOAD, 0);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
            mv.visitLabel(end);
            mv.visitLocalVariable("early", "Ljava/lang/String;", null, start, mid, 0);
            mv.visitLocalVariable("alpha", "Ljava/lang/String;", null, start, end, 0);
            mv.visitLocalVariable("beta", "Ljava/lang/String;", null, mid, end, 0);
        }, calls(args((Object) null))));
        d.add(new Def("methodParametersOnly", ACC_STATIC, "(JLjava/lang/String;)V", mv -> {
            mv.visitParameter("count", 0);
            mv.visitParameter("text", 0);
            mv.visitVarInsn(ALOAD, 2);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args(1L, null))));
        d.add(new Def("iincParameterIndex", ACC_STATIC, "([Ljava/lang/Object;I)V", mv -> {
            mv.visitIincInsn(1, 1);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, 1);
            mv.visitInsn(AALOAD);
            mv.visitMethodInsn(INVOKEVIRTUAL, OBJ, "hashCode", "()I", false);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args(new Object[3], 0))));
        d.add(new Def("storedParameterIndex", ACC_STATIC, "([Ljava/lang/Object;I)V", mv -> {
            mv.visitVarInsn(ILOAD, 1);
            mv.visitVarInsn(ISTORE, 1);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, 1);
            mv.visitInsn(AALOAD);
            mv.visitMethodInsn(INVOKEVIRTUAL, OBJ, "hashCode", "()I", false);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args(new Object[3], 1))));
        // The fall-through successor of the ifeq already holds a different stack; HotSpot
        // merges into it first and hands the merged (ambiguous) stack on to the branch
        // target, which is only reachable with parameter 1 on the stack.
        d.add(new Def("mergedSuccessors", ACC_STATIC, "(Ljava/lang/String;Ljava/lang/String;II)V", mv -> {
            Label other = new Label(), join = new Label(), taken = new Label();
            mv.visitVarInsn(ILOAD, 2);
            mv.visitJumpInsn(IFNE, other);
            mv.visitVarInsn(ALOAD, 1);
            mv.visitJumpInsn(GOTO, join);
            mv.visitLabel(other);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, 3);
            mv.visitJumpInsn(IFEQ, taken);
            mv.visitLabel(join);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
            mv.visitLabel(taken);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args(null, "x", 1, 0), args("x", null, 0, 0))));
        // The faulting instruction is reached first from the method entry; the sweep stops
        // there, before the back edge that brings parameter 2.
        d.add(new Def("beforeBackEdge", ACC_STATIC, "(Ljava/lang/String;Ljava/lang/String;I)V", mv -> {
            Label loop = new Label(), done = new Label();
            mv.visitVarInsn(ALOAD, 0);
            mv.visitLabel(loop);
            mv.visitMethodInsn(INVOKEVIRTUAL, OBJ, "hashCode", "()I", false);
            mv.visitInsn(POP);
            mv.visitVarInsn(ILOAD, 2);
            mv.visitJumpInsn(IFEQ, done);
            mv.visitIincInsn(2, -1);
            mv.visitVarInsn(ALOAD, 1);
            mv.visitJumpInsn(GOTO, loop);
            mv.visitLabel(done);
            mv.visitInsn(RETURN);
        }, calls(args("x", null, 1), args(null, null, 0))));
        d.add(new Def("switchSameSource", ACC_STATIC, "(Ljava/lang/String;I)V", mv -> {
            Label join = new Label();
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, 1);
            mv.visitTableSwitchInsn(0, 2, join, join, join, join);
            mv.visitLabel(join);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args(null, 1))));
        d.add(new Def("switchMerge", ACC_STATIC, "(Ljava/lang/String;Ljava/lang/String;I)V", mv -> {
            Label a = new Label(), b = new Label(), join = new Label();
            mv.visitVarInsn(ILOAD, 2);
            mv.visitLookupSwitchInsn(b, new int[] { 1, 7 }, new Label[] { a, b });
            mv.visitLabel(a);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitJumpInsn(GOTO, join);
            mv.visitLabel(b);
            mv.visitVarInsn(ALOAD, 1);
            mv.visitLabel(join);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args(null, "x", 1))));
        d.add(new Def("handlerThenNull", ACC_STATIC, "(Ljava/lang/String;)V", mv -> {
            Label from = new Label(), to = new Label(), handler = new Label();
            mv.visitTryCatchBlock(from, to, handler, "java/lang/RuntimeException");
            mv.visitLabel(from);
            mv.visitVarInsn(ALOAD, 0);
            length(mv);
            mv.visitInsn(POP);
            mv.visitLabel(to);
            mv.visitInsn(RETURN);
            mv.visitLabel(handler);
            mv.visitInsn(POP);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKEVIRTUAL, STR, "hashCode", "()I", false);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args((Object) null))));
        d.add(new Def("invokespecialPrivateArgs", ACC_STATIC, "(LGenNpe;)V", mv -> {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(ICONST_1);
            mv.visitInsn(ACONST_NULL);
            mv.visitMethodInsn(INVOKESPECIAL, GEN, "priv", "(I[Ljava/lang/String;)V", false);
            mv.visitInsn(RETURN);
        }, calls(args((Object) null))));
        d.add(new Def("ldcKinds", ACC_STATIC, "(Ljava/lang/String;)V", mv -> {
            mv.visitLdcInsn(Type.getObjectType(STR));
            mv.visitLdcInsn(5L);
            mv.visitLdcInsn("text");
            mv.visitLdcInsn(3.5f);
            mv.visitLdcInsn(2.5);
            mv.visitLdcInsn(100000);
            mv.visitVarInsn(ALOAD, 0);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(POP);
            mv.visitInsn(POP2);
            mv.visitInsn(POP);
            mv.visitInsn(POP);
            mv.visitInsn(POP2);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args((Object) null))));
        d.add(new Def("multiArrayElement", ACC_STATIC, "()V", mv -> {
            mv.visitInsn(ICONST_2);
            mv.visitInsn(ICONST_3);
            mv.visitMultiANewArrayInsn("[[[I", 2);
            mv.visitInsn(ICONST_0);
            mv.visitInsn(AALOAD);
            mv.visitInsn(ICONST_1);
            mv.visitInsn(AALOAD);
            mv.visitInsn(ICONST_0);
            mv.visitInsn(IALOAD);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args())));
        d.add(new Def("nullConstantArray", ACC_STATIC, "()V", mv -> {
            mv.visitInsn(ACONST_NULL);
            mv.visitTypeInsn(CHECKCAST, "[J");
            mv.visitInsn(ICONST_0);
            mv.visitInsn(LCONST_1);
            mv.visitInsn(LASTORE);
            mv.visitInsn(RETURN);
        }, calls(args())));
        d.add(new Def("staticFieldOfOtherClass", ACC_STATIC, "()V", mv -> {
            mv.visitFieldInsn(GETSTATIC, GEN, "shared", "[Ljava/lang/String;");
            mv.visitInsn(ICONST_4);
            mv.visitInsn(AALOAD);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
        }, calls(args())));
        return d;
    }

    static List<Def> old() {
        List<Def> d = new ArrayList<>();
        // jsr/ret (class version 49): the subroutine's stack comes from the jsr; the
        // instruction after the jsr gets none, since HotSpot does not follow ret.
        d.add(new Def("subroutine", ACC_STATIC, "(Ljava/lang/String;I)V", mv -> {
            Label sub = new Label(), skip = new Label();
            mv.visitJumpInsn(JSR, sub);
            mv.visitVarInsn(ALOAD, 0);
            length(mv);
            mv.visitInsn(POP);
            mv.visitInsn(RETURN);
            mv.visitLabel(sub);
            mv.visitVarInsn(ASTORE, 2);
            mv.visitVarInsn(ILOAD, 1);
            mv.visitJumpInsn(IFEQ, skip);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitMethodInsn(INVOKEVIRTUAL, STR, "hashCode", "()I", false);
            mv.visitInsn(POP);
            mv.visitLabel(skip);
            mv.visitVarInsn(RET, 2);
        }, calls(args(null, 1), args(null, 0))));
        d.add(new Def("oldStyleLoop", ACC_STATIC, "([Ljava/lang/String;)I", mv -> {
            Label loop = new Label(), done = new Label();
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, 1);
            mv.visitInsn(ICONST_0);
            mv.visitVarInsn(ISTORE, 2);
            mv.visitLabel(loop);
            mv.visitVarInsn(ILOAD, 2);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitInsn(ARRAYLENGTH);
            mv.visitJumpInsn(IF_ICMPGE, done);
            mv.visitVarInsn(ILOAD, 1);
            mv.visitVarInsn(ALOAD, 0);
            mv.visitVarInsn(ILOAD, 2);
            mv.visitInsn(AALOAD);
            length(mv);
            mv.visitInsn(IADD);
            mv.visitVarInsn(ISTORE, 1);
            mv.visitIincInsn(2, 1);
            mv.visitJumpInsn(GOTO, loop);
            mv.visitLabel(done);
            mv.visitVarInsn(ILOAD, 1);
            mv.visitInsn(IRETURN);
        }, calls(args((Object) new String[] { "a", null }), args((Object) null))));
        return d;
    }

    static byte[] generate(String name, int version, List<Def> defs) {
        int flags = version >= V1_7 ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS;
        ClassWriter cw = new ClassWriter(flags) {
            @Override protected String getCommonSuperClass(String a, String b) { return OBJ; }
        };
        cw.visit(version, ACC_PUBLIC | ACC_SUPER, name, null, OBJ, null);
        cw.visitField(ACC_PUBLIC, "next", "L" + name + ";", null, null).visitEnd();
        cw.visitField(ACC_PUBLIC, "name", "Ljava/lang/String;", null, null).visitEnd();
        cw.visitField(ACC_PUBLIC | ACC_STATIC, "shared", "[Ljava/lang/String;", null, null).visitEnd();
        MethodVisitor init = cw.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(ALOAD, 0);
        init.visitMethodInsn(INVOKESPECIAL, OBJ, "<init>", "()V", false);
        init.visitInsn(RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor clinit = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        clinit.visitCode();
        clinit.visitIntInsn(BIPUSH, 8);
        clinit.visitTypeInsn(ANEWARRAY, STR);
        clinit.visitFieldInsn(PUTSTATIC, name, "shared", "[Ljava/lang/String;");
        clinit.visitInsn(RETURN);
        clinit.visitMaxs(0, 0);
        clinit.visitEnd();
        MethodVisitor priv = cw.visitMethod(ACC_PRIVATE, "priv", "(I[Ljava/lang/String;)V", null, null);
        priv.visitCode();
        priv.visitInsn(RETURN);
        priv.visitMaxs(0, 0);
        priv.visitEnd();
        for (Def def : defs) {
            MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | def.access(), def.name(), def.desc(), null, null);
            mv.visitCode();
            def.body().emit(mv);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    static void runAll(Class<?> c, List<Def> defs) throws Exception {
        for (Def def : defs) {
            Method m = null;
            for (Method x : c.getDeclaredMethods()) if (x.getName().equals(def.name())) m = x;
            for (Object[] a : def.calls()) {
                Object receiver = Modifier.isStatic(m.getModifiers()) ? null : c.getDeclaredConstructor().newInstance();
                String label = c.getName() + "." + def.name();
                try {
                    m.invoke(receiver, a);
                    System.out.println(label + ": no exception");
                } catch (InvocationTargetException e) {
                    Throwable t = e.getCause();
                    System.out.println(label + ": " + (t instanceof NullPointerException ? t.getMessage() : "unexpected " + t));
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        List<Def> modern = modern(), old = old();
        Class<?> gen = lookup.defineClass(generate(GEN, V1_8, modern));
        Class<?> genOld = lookup.defineClass(generate(OLD, V1_5, old));
        runAll(gen, modern);
        runAll(genOld, old);
    }
}
