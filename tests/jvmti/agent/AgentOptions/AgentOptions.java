// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Several agents, and the same agent several times, with their options.
public class AgentOptions {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
