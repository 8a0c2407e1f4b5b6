// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// DisposeEnvironment and the environments that remain.
public class Dispose {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
    }
}
