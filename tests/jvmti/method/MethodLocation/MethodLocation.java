// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetMethodLocation: 0 .. code length - 1 for methods with code (jlocations are bytecode
// indexes, GetJLocationFormat = JVMBCI), -1/-1 for an abstract method; NATIVE_METHOD,
// INVALID_METHODID, NULL_POINTER, WRONG_PHASE.
import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.List;

public class MethodLocation {
    static native void location(Executable m);
    static native void errors(Executable javaMethod, Executable nativeMethod);

    interface Abstract { void f(); }

    static void empty() { }

    static int some(int x) { return x * 3 + 1; }

    static native void nat();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        List<Executable> ms = new ArrayList<>();
        ms.add(MethodLocation.class.getDeclaredMethod("empty"));
        ms.add(MethodLocation.class.getDeclaredMethod("some", int.class));
        ms.add(MethodLocation.class.getDeclaredMethod("main", String[].class));
        ms.add(MethodLocation.class.getDeclaredConstructor());
        ms.add(Abstract.class.getDeclaredMethod("f"));
        ms.add(Object.class.getConstructor());
        ms.add(Comparable.class.getMethod("compareTo", Object.class));
        ms.add(Integer.class.getMethod("intValue"));
        for (Executable m : ms) location(m);
        errors(MethodLocation.class.getDeclaredMethod("some", int.class), MethodLocation.class.getDeclaredMethod("nat"));
        System.out.println("done " + some(2));
    }
}
