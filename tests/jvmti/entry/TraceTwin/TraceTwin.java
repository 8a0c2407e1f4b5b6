// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The tracing function table behaves like the plain one (GLASS_JVMTI_TRACE).
public class TraceTwin {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
        System.out.println("main done");
    }
}
