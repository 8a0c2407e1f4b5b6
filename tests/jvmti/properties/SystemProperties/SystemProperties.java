// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI System Properties: what the agent sees and changes in the OnLoad phase, and what
// java.lang.System sees afterwards.
public class SystemProperties {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        System.out.println("System test.prop = " + System.getProperty("test.prop"));
        System.out.println("System test.other = " + System.getProperty("test.other"));
        System.out.println("System test.empty = [" + System.getProperty("test.empty") + "]");
        live();
    }
}
