// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// In sys.jar only; AppendFoo refers to it.
public class AppendSysLate {
}
