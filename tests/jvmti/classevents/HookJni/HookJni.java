// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassFileLoadHook for JNI DefineClass into the boot loader, and replacement bytes
// that are not a class file (ClassFormatError, no crash).
public class HookJni {
    static native Class<?> defineInBoot();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        System.out.println("Sample: " + new Sample().id());
        Class<?> c = defineInBoot();
        System.out.println("boot copy defined: " + (c != null) + ", loader " + (c == null ? "-" : String.valueOf(c.getClassLoader())));
        try {
            Class.forName("Broken");
            System.out.println("Broken loaded?!");
        } catch (ClassFormatError e) {
            System.out.println("Broken: ClassFormatError");
        }
    }
}

class Sample {
    int id() { return 42; }
}

class Broken {}
