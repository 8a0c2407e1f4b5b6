// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class functions in the start phase (the agent calls them from VMStart).
public class StartPhase {
    public static void main(String[] args) {
        System.out.println("main");
    }
}
