// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// -Xrun libraries with only Agent_OnLoad become agents.
public class XrunAgent {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
