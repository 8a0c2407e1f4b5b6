// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Served as "CycB extends CycA" (CycC renamed), which javac would not compile.
public class CycB extends CycC {
}
