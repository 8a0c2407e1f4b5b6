// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Agents given in JAVA_TOOL_OPTIONS.
public class JavaToolOptions {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
