// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Defined again and again by fresh loaders (and unloaded) while classes are redefined.
public class Loaded {
    public int get() {
        return 5;
    }
}
