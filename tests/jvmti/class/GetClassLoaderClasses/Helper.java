// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Public: Child, from another loader (another runtime package), links it.
public class Helper {}
