// A CONSTANT_MethodHandle whose reference kind does not match its member (found by
// ClassFileFuzz): a getStatic/putStatic handle of an instance field, a getField handle
// of a static field, an invokeVirtual handle of a static method, an invokeStatic handle
// of an instance method. For fields HotSpot resolves only the member in the VM and leaves
// the kind check to the JDK's linkMethodHandleConstant: an IllegalAccessError ("expected
// a static field ..."), not the IncompatibleClassChangeError a getstatic instruction
// would get; for methods the VM's resolution checks the kind (IncompatibleClassChangeError).
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

public class MethodHandleConstantKinds {
    static class L extends ClassLoader {
        L() { super(MethodHandleConstantKinds.class.getClassLoader()); }
        Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
    }
    static byte[] read(String name) throws Exception {
        try (InputStream in = MethodHandleConstantKinds.class.getResourceAsStream(name + ".class")) { return in.readAllBytes(); }
    }
    /** The class with every MethodHandle constant of kind `from` changed to `to`. */
    static byte[] rekind(String cls, int from, int to) throws Exception {
        CfModel m = CfModel.parse(read(cls));
        for (byte[] e : m.cp) if (e != null && e[0] == 15 && e[1] == from) e[1] = (byte) to;
        return m.write();
    }
    static void run(String what, byte[] b, String method) {
        try {
            Method m = new L().define(b).getDeclaredMethod(method);
            m.setAccessible(true);
            System.out.println(what + ": " + m.invoke(null));
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            System.out.println(what + ": " + c.getClass().getName() + ": " + String.valueOf(c.getMessage()).replaceAll("@[0-9a-f]+", "@HASH"));
        } catch (Throwable e) {
            System.out.println(what + ": " + e);
        }
    }
    public static void main(String[] args) throws Exception {
        run("record, unchanged", read("MhkPoint"), "show");
        run("record, getField as getStatic", rekind("MhkPoint", 1, 2), "show");
        run("record, getField as putStatic", rekind("MhkPoint", 1, 4), "show");
        run("record, getField as putField", rekind("MhkPoint", 1, 3), "show");
        run("lambda, unchanged", read("MhkLambda"), "call");
        run("lambda, invokeStatic as invokeVirtual", rekind("MhkLambda", 6, 5), "call");
        run("lambda, invokeStatic as invokeSpecial", rekind("MhkLambda", 6, 7), "call");
        run("instance lambda, invokeSpecial as invokeStatic", rekind("MhkLambda2", 7, 6), "call");
    }
}

record MhkPoint(int x, int y) { static String show() { return new MhkPoint(1, 2).toString(); } }
class MhkLambda { static String call() { java.util.function.Supplier<String> s = () -> "lambda"; return s.get(); } }
class MhkLambda2 {
    String name = "instance lambda";
    String get() { java.util.function.Supplier<String> s = () -> name; return s.get(); }
    static String call() { return new MhkLambda2().get(); }
}
