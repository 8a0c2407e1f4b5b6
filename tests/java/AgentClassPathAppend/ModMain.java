// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The main class of the automatic module glassmod (glassmod.jar), started with -m and no
// class path while AppendAgent appends sys.jar to the system class loader's search.
package glassmod;

public class ModMain {
    public static void main(String[] args) throws Exception {
        System.out.println("main: java.class.path [" + System.getProperty("java.class.path") + "]");
        Class<?> c = Class.forName("AppendSysSupport", false, ClassLoader.getSystemClassLoader());
        System.out.println("main: AppendSysSupport from the application loader "
                + (c.getClassLoader() == ClassLoader.getSystemClassLoader()));
    }
}
