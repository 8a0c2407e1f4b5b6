// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// In boot.jar only: AgentClassPathAppend appends it to the boot loader's search.
public class AppendBootSupport {
}
