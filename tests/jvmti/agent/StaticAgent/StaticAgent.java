// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Statically linked agents.
public class StaticAgent {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
