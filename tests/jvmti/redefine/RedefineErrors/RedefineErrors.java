// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI RedefineClasses and RetransformClasses: every error the spec lists, and that a
// refused batch changes no class. Each new version is tried twice: given to
// RedefineClasses, and returned by a retransformation-capable ClassFileLoadHook during
// RetransformClasses (agent.c).
import java.util.function.Supplier;

public class RedefineErrors {
    /** RedefineClasses of one class; prints "RedefineClasses(label): ERROR". */
    static native void redefine(String label, Class<?> c, byte[] bytes);
    /** RetransformClasses of c, the hook replacing its bytes by `bytes` (null: unchanged). */
    static native void retransform(String label, Class<?> c, byte[] bytes);
    /** RedefineClasses of two classes at once. */
    static native void redefine2(String label, Class<?> a, byte[] ab, Class<?> b, byte[] bb);
    /** The argument errors: NULL pointers, negative counts, NULL classes, no capability. */
    static native void argumentErrors(Class<?> c, byte[] bytes);

    static void both(String label, Class<?> c, byte[] bytes) {
        redefine(label, c, bytes);
        retransform(label, c, bytes);
    }

    public static void main(String[] args) {
        byte[] orig = Redef.bytesOf(ErrTarget.class);
        argumentErrors(ErrTarget.class, orig);

        Supplier<String> lambda = () -> "x";
        redefine("int.class", int.class, orig);
        retransform("int.class", int.class, null);
        redefine("int[].class", int[].class, orig);
        retransform("int[].class", int[].class, null);
        redefine("hidden class", lambda.getClass(), orig);
        retransform("hidden class", lambda.getClass(), null);

        both("empty", ErrTarget.class, new byte[0]);
        byte[] truncated = java.util.Arrays.copyOf(orig, 30);
        both("truncated", ErrTarget.class, truncated);
        byte[] magic = orig.clone();
        magic[0] = 0;
        both("bad magic", ErrTarget.class, magic);
        byte[] version = orig.clone();
        version[6] = 0;
        version[7] = 99;
        both("version 99", ErrTarget.class, version);
        both("another class's bytes", ErrTarget.class, Redef.bytesOf(ErrOther.class));
        both("its own superclass", ErrTarget.class, Redef.rename(orig, "java/lang/Object", "ErrTarget"));
        both("bad bytecode", ErrTarget.class, badBytecode(orig));
        Class<?> cyc = new CycleLoader().cycTarget();
        both("a supertype in a cycle", cyc, Redef.versionOf("CycTarget", "v2"));
        for (String v : new String[] {"added", "deleted", "field", "fieldmod", "iface", "super", "final",
                                      "mmod", "nest", "privadded", "privdeleted"})
            both(v, ErrTarget.class, Redef.versionOf("ErrTarget", v));
        System.out.println("ErrTarget.value() after the refusals: " + ErrTarget.value());

        redefine2("batch of a good and a bad class", ErrTarget.class, Redef.versionOf("ErrTarget", "ok"),
                  ErrOther.class, Redef.versionOf("ErrOther", "added"));
        System.out.println("after the refused batch: " + ErrTarget.value() + ", " + ErrOther.name());
        redefine2("batch of two good classes", ErrTarget.class, Redef.versionOf("ErrTarget", "ok"),
                  ErrOther.class, Redef.versionOf("ErrOther", "v2"));
        System.out.println("after the batch: " + ErrTarget.value() + ", " + ErrOther.name());
        retransform("unchanged bytes", ErrTarget.class, null);
        System.out.println("after retransforming: " + ErrTarget.value());
    }

    /** Defines CycTarget, CycA and CycB itself, CycB as a subclass of CycA. */
    static final class CycleLoader extends ClassLoader {
        CycleLoader() {
            super(RedefineErrors.class.getClassLoader());
        }

        Class<?> cycTarget() {
            try {
                return loadClass("CycTarget");
            } catch (ClassNotFoundException e) {
                throw new RuntimeException(e);
            }
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                byte[] b;
                switch (name) {
                case "CycTarget": b = Redef.bytesOf(CycTarget.class); break;
                case "CycA": b = Redef.bytesOf(CycA.class); break;
                case "CycB": b = Redef.rename(Redef.bytesOf(CycB.class), "CycC", "CycA"); break;
                default: return super.loadClass(name, resolve);
                }
                return defineClass(name, b, 0, b.length);
            }
        }
    }

    /** orig with verifyMe's `sipush 0x1234; ireturn` made `aconst_null; nop; nop; ireturn`. */
    static byte[] badBytecode(byte[] orig) {
        byte[] b = orig.clone();
        for (int i = 0; i + 3 < b.length; i++)
            if (b[i] == 0x11 && b[i + 1] == 0x12 && b[i + 2] == 0x34 && b[i + 3] == (byte) 0xac) {
                b[i] = 0x01;
                b[i + 1] = 0x00;
                b[i + 2] = 0x00;
                return b;
            }
        throw new IllegalStateException("pattern not found");
    }
}
