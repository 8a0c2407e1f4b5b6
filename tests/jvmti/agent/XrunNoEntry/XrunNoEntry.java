// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// An -Xrun library with neither JVM_OnLoad nor Agent_OnLoad stops the VM.
public class XrunNoEntry {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
