// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// In sys.jar only: AgentClassPathAppend appends it to the system class loader's search.
public class AppendSysSupport {
}
