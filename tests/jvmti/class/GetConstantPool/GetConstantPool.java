// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetConstantPool: the returned bytes form a well-formed constant_pool item of
// constant_pool_count - 1 entries, hold the class's own name and its constants, and
// agree with GetBytecodes' indexes; for a javac class, a JDK class, an interface, a
// hidden class; ABSENT_INFORMATION for arrays and primitives; MUST_POSSESS_CAPABILITY,
// NULL_POINTER, INVALID_CLASS.
import java.lang.invoke.MethodHandles;

public class GetConstantPool {
    static native void pool(String label, Class<?> k, String name, String constant, String method);
    static native void errors(Object notAClass);

    static final long BIG = 0x1234567890L; // a Long entry: two slots
    static double d = 2.5;

    static String known() { return "a known string constant"; }
    static long wide() { return BIG + 0x7777777777L; }

    interface Api { String NAME = "api-constant"; default String get() { return "from the interface"; } }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        pool("self", GetConstantPool.class, "GetConstantPool", "a known string constant", "known");
        Class.forName(Api.class.getName()); // linked: HotSpot prepares lazily
        pool("interface", Api.class, "GetConstantPool$Api", "from the interface", "get");
        pool("String", String.class, "java/lang/String", "null", null);
        pool("Integer", Integer.class, "java/lang/Integer", "Cannot parse null string", null);
        byte[] bytes;
        try (var in = GetConstantPool.class.getResourceAsStream("GetConstantPool.class")) {
            bytes = in.readAllBytes();
        }
        Class<?> h = MethodHandles.lookup().defineHiddenClass(bytes, false).lookupClass();
        pool("hidden", h, null, "a known string constant", "known");
        pool("int[]", int[].class, null, null, null);
        pool("String[][]", String[][].class, null, null, null);
        pool("int", int.class, null, null, null);
        pool("void", void.class, null, null, null);
        errors("not a class");
    }
}
