// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A second class for batches (ErrOther__v2: accepted; ErrOther__added: refused).
public class ErrOther {
    public static String name() { return "ErrOther v1"; }
}
