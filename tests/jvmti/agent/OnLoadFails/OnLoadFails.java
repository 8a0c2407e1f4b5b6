// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// An agent whose Agent_OnLoad fails stops the VM.
public class OnLoadFails {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
