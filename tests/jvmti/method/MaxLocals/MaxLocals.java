// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetMaxLocals and GetArgumentsSize: static and instance methods, long and double
// arguments (two slots), constructors, abstract methods (no code), methods of boot
// classes, and the errors NATIVE_METHOD, INVALID_METHODID, NULL_POINTER, WRONG_PHASE.
import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.List;

public class MaxLocals {
    static native void sizes(Executable m);
    static native void errors(Executable javaMethod, Executable nativeMethod);

    abstract static class Base {
        abstract long twoWords(long a, double b, int c);

        Base() { }
    }

    static void none() { }

    static int locals(int a, long b) {
        int x = a + 1;
        long y = b * 2;
        double z = x + y;
        return (int) z;
    }

    int instance(Object o, double d, byte b) {
        String s = String.valueOf(o);
        return s.length() + b;
    }

    static native int nat(long a);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        List<Executable> ms = new ArrayList<>();
        ms.add(MaxLocals.class.getDeclaredMethod("main", String[].class));
        ms.add(MaxLocals.class.getDeclaredMethod("none"));
        ms.add(MaxLocals.class.getDeclaredMethod("locals", int.class, long.class));
        ms.add(MaxLocals.class.getDeclaredMethod("instance", Object.class, double.class, byte.class));
        ms.add(MaxLocals.class.getDeclaredConstructor());
        ms.add(Base.class.getDeclaredMethod("twoWords", long.class, double.class, int.class));
        ms.add(Base.class.getDeclaredConstructor());
        ms.add(Runnable.class.getMethod("run"));
        ms.add(Object.class.getConstructor());
        ms.add(String.class.getMethod("indexOf", String.class, int.class));
        ms.add(Math.class.getMethod("max", long.class, long.class));
        ms.add(Math.class.getMethod("sin", double.class));
        ms.add(Long.class.getMethod("toString", long.class, int.class));
        for (Executable m : ms) sizes(m);
        errors(MaxLocals.class.getDeclaredMethod("none"), MaxLocals.class.getDeclaredMethod("nat", long.class));
        System.out.println("done " + locals(1, 2) + new MaxLocals().instance("ab", 1.0, (byte) 1));
    }
}
