// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetClassModifiers: top-level, member (private, protected, static), local and
// anonymous classes, interfaces, annotations, enums, records, arrays of each visibility,
// primitive and JDK classes, a hidden class; NULL_POINTER, INVALID_CLASS.
import java.lang.invoke.MethodHandles;

public class GetClassModifiers {
    static native void mods(String label, Class<?> k);
    static native void errors(Object notAClass);

    private static final class PrivateFinal {}
    protected abstract static class ProtectedAbstract {}
    class InnerInstance {}
    public interface PublicInterface {}
    @interface Annotation {}
    enum Plain { A }
    enum WithBody { A { void f() {} }; void f() {} }
    record Rec(int x) {}
    sealed interface Sealed permits Leaf {}
    static final class Leaf implements Sealed {}

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        class Local {}
        Runnable anon = new Runnable() { public void run() {} };
        mods("top-level public", GetClassModifiers.class);
        mods("package-private top-level", Helper.class);
        mods("abstract top-level", AbstractHelper.class);
        mods("top-level interface", HelperInterface.class);
        mods("private static final member", PrivateFinal.class);
        mods("protected abstract static member", ProtectedAbstract.class);
        mods("inner instance member", InnerInstance.class);
        mods("public member interface", PublicInterface.class);
        mods("annotation", Annotation.class);
        mods("enum", Plain.class);
        mods("enum with constant body", WithBody.class);
        mods("enum constant body", WithBody.A.getClass());
        mods("record", Rec.class);
        mods("sealed interface", Sealed.class);
        mods("local", Local.class);
        mods("anonymous", anon.getClass());
        mods("String", String.class);
        mods("Object", Object.class);
        mods("Runnable", Runnable.class);
        mods("Thread.State", Thread.State.class);
        mods("Override", Override.class);
        mods("int[]", int[].class);
        mods("String[]", String[].class);
        mods("PrivateFinal[]", PrivateFinal[].class);
        mods("ProtectedAbstract[][]", ProtectedAbstract[][].class);
        mods("Helper[]", Helper[].class);
        mods("PublicInterface[]", PublicInterface[].class);
        mods("int", int.class);
        mods("void", void.class);
        mods("boolean", boolean.class);
        byte[] bytes;
        try (var in = GetClassModifiers.class.getResourceAsStream("Helper.class")) {
            bytes = in.readAllBytes();
        }
        mods("hidden", MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass());
        try (var in = GetClassModifiers.class.getResourceAsStream("GetClassModifiers$ProtectedAbstract.class")) {
            bytes = in.readAllBytes();
        }
        mods("hidden, nested in its class file", MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass());
        errors("not a class");
    }
}

class Helper {}
abstract class AbstractHelper {}
interface HelperInterface {}
