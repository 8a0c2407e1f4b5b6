// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JavaVM GetEnv for JVMTI versions, in the OnLoad and live phases.
public class GetEnvVersions {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
        Thread t = new Thread(GetEnvVersions::live, "other");
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
