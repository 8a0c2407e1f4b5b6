// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// IsMethodNative, IsMethodSynthetic (can_get_synthetic_attribute) and IsMethodObsolete:
// plain, native, abstract, bridge, lambda-body, enum $values, inner-class constructor
// and boot class methods (native and not); the errors INVALID_METHODID, NULL_POINTER,
// MUST_POSSESS_CAPABILITY, WRONG_PHASE. (The Synthetic attribute, as opposed to the
// ACC_SYNTHETIC flag: method/GeneratedClass.)
import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

public class MethodFlags {
    static native void flags(Executable m);
    static native void errors(Executable m);

    static int counter;

    abstract static class Box<T> {
        abstract T get();
    }

    static final class IntBox extends Box<Integer> {
        Integer get() { return 7; } // javac adds the bridge Object get()
    }

    enum E { A, B }

    static native void nat();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        IntSupplier s = () -> ++counter;
        s.getAsInt();
        List<Executable> ms = new ArrayList<>();
        ms.add(MethodFlags.class.getDeclaredMethod("main", String[].class));
        ms.add(MethodFlags.class.getDeclaredMethod("nat"));
        ms.add(MethodFlags.class.getDeclaredMethod("lambda$main$0"));
        ms.add(Box.class.getDeclaredMethod("get"));
        ms.add(IntBox.class.getDeclaredMethod("get"));
        for (java.lang.reflect.Method m : IntBox.class.getDeclaredMethods())
            if (m.isBridge()) ms.add(m);
        ms.add(E.class.getDeclaredMethod("$values"));
        ms.add(E.class.getDeclaredMethod("values"));
        ms.add(Object.class.getMethod("hashCode"));
        ms.add(Object.class.getConstructor());
        ms.add(Thread.class.getMethod("currentThread"));
        ms.add(String.class.getMethod("length"));
        ms.add(Enum.class.getMethod("ordinal"));
        for (Executable m : ms) flags(m);
        errors(MethodFlags.class.getDeclaredMethod("main", String[].class));
        System.out.println("done " + new IntBox().get() + " " + E.values().length + " " + counter);
    }
}
