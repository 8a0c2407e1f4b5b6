// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Defined by RedefineErrors' own loader; its version CycTarget__v2 extends CycA, whose
// superclass CycB that loader serves as extending CycA again: a cycle among classes not
// loaded yet, CIRCULAR_CLASS_DEFINITION.
public class CycTarget {
}
