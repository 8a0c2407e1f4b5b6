// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Loaded by URLClassLoaders of AgentClassPathAppend from a directory of its own; refers
// to AppendSysLate, which only an appended JAR holds.
public class AppendFoo {
    public static String use() {
        new AppendSysLate();
        return "AppendSysLate resolved";
    }
}
