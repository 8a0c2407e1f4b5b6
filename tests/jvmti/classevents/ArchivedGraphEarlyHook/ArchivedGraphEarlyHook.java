// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The agent (agent.c) reports at VMInit which boot the module system took.
public class ArchivedGraphEarlyHook {
    public static void main(String[] args) {
        System.out.println(ModuleLayer.boot().findModule("java.sql").isPresent());
    }
}
