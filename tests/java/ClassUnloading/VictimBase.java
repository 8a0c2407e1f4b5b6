// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassUnloading: the superclass a parent loader defines for a child loader's class.
public class VictimBase {
    public String toString() { return "base " + getClass().getName(); }
}
