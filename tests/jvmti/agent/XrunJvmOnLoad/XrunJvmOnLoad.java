// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -Xrun libraries with JVM_OnLoad.
public class XrunJvmOnLoad {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
