// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A debugger's view of a class's status (JDWP ClassStatus, from JVMTI GetClassStatus)
// as the class goes from loaded to linked by reflection to initialized, and of a class
// whose initializer fails; a breakpoint in a class that is loaded but not yet linked.
public class ClassStatus {
    static void pause() {
        int here = 0; // the session stops here
    }

    public static void main(String[] args) throws Exception {
        Class<?> c = Class.forName("Later", false, ClassStatus.class.getClassLoader());
        pause();
        System.out.println(c.getDeclaredMethods().length + " methods");
        pause();
        new Later().run();
        pause();
        try {
            Broken.touch();
        } catch (ExceptionInInitializerError e) {
            System.out.println("Broken: " + e.getCause());
        }
        pause();
    }
}

class Later {
    static int count = 1;
    void run() {
        count++;
        System.out.println("Later.run " + count);
    }
}

class Broken {
    static int value = Integer.parseInt("x");
    static void touch() {}
}
