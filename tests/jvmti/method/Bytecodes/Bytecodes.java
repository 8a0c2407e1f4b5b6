// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetBytecodes returns the class file's code array byte for byte, also after the
// methods ran (interpreters rewrite instructions in place once they are resolved):
// field access, every invoke kind, ldc, new, checkcast, instanceof, switches,
// invokedynamic, synchronized blocks; boot class methods; abstract methods (no code);
// and the errors NATIVE_METHOD, INVALID_METHODID, NULL_POINTER, MUST_POSSESS_CAPABILITY,
// WRONG_PHASE.
import java.io.InputStream;
import java.lang.reflect.Executable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

public class Bytecodes {
    static native void code(Executable m, byte[] classFile);
    static native void errors(Executable javaMethod, Executable nativeMethod);

    interface Shape { int sides(); }

    static final class Square implements Shape {
        int side = 2;
        public int sides() { return 4; }
        final int area() { return side * side; }
    }

    abstract static class Abstract { abstract void nothing(); }

    static int counter;
    static long big = 1L << 40;
    static Object lock = new Object();

    static int work(Object o, int k) {
        int r = 0;
        if (o instanceof Square) {
            Square s = (Square) o;
            s.side += k;
            r += s.area() + s.sides() + ((Shape) s).sides();
        }
        String t = "text";
        r += t.length() + (int) (big >> 38);
        switch (k) {
            case 0: r += 1; break;
            case 1: r += 2; break;
            case 2: r += 3; break;
            default: r += 4;
        }
        switch (k * 1000) {
            case 0: r += 10; break;
            case 5000: r += 20; break;
            default: r += 30;
        }
        synchronized (lock) { counter++; }
        IntSupplier sup = () -> counter * 2;
        int[] arr = new int[k + 1];
        Object[][] multi = new Object[2][k + 1];
        return r + sup.getAsInt() + arr.length + multi[1].length + new Square().area();
    }

    static native void nat();

    static byte[] classFile(Class<?> c) throws Exception {
        String n = c.getName();
        try (InputStream in = c.getResourceAsStream(n.substring(n.lastIndexOf('.') + 1) + ".class")) {
            return in.readAllBytes();
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        int sum = 0;
        for (int i = 0; i < 5; i++) sum += work(i % 2 == 0 ? new Square() : "x", i);
        System.out.println("sum " + sum + " counter " + counter);
        byte[] self = classFile(Bytecodes.class);
        code(Bytecodes.class.getDeclaredMethod("work", Object.class, int.class), self);
        code(Bytecodes.class.getDeclaredMethod("main", String[].class), self);
        code(Bytecodes.class.getDeclaredMethod("classFile", Class.class), self);
        code(Bytecodes.class.getDeclaredConstructor(), self);
        byte[] sq = classFile(Square.class);
        code(Square.class.getDeclaredMethod("area"), sq);
        code(Square.class.getDeclaredConstructor(), sq);
        code(Abstract.class.getDeclaredMethod("nothing"), classFile(Abstract.class));
        code(Shape.class.getDeclaredMethod("sides"), classFile(Shape.class));
        code(Object.class.getConstructor(), classFile(Object.class));
        byte[] str = classFile(String.class);
        code(String.class.getMethod("length"), str);
        code(String.class.getMethod("hashCode"), str);
        code(String.class.getMethod("indexOf", String.class), str);
        code(ArrayList.class.getMethod("add", Object.class), classFile(ArrayList.class));
        code(Math.class.getMethod("sin", double.class), classFile(Math.class));
        errors(Bytecodes.class.getDeclaredMethod("work", Object.class, int.class),
               Bytecodes.class.getDeclaredMethod("nat"));
    }
}
