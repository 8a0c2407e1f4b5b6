// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1 of a class defined by a loader that then dies.
public class Gone {
    public String get() {
        return "gone v1";
    }
}
