// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The java agent of AgentClassPathAppend (alone in its agent JAR). With an option, it
// appends that JAR to the system class loader's search from premain and shows
// java.class.path around it.
import java.lang.instrument.Instrumentation;
import java.util.jar.JarFile;

public class AppendAgent {
    public static Instrumentation inst;

    public static void premain(String options, Instrumentation i) throws Exception {
        inst = i;
        if (options == null || options.isEmpty()) return;
        System.out.println("premain: java.class.path [" + System.getProperty("java.class.path") + "]");
        i.appendToSystemClassLoaderSearch(new JarFile(options));
        System.out.println("premain: appended, java.class.path [" + System.getProperty("java.class.path") + "]");
    }
}
