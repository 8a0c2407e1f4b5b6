// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class ErrOther__v2 {
    public static String name() { return "ErrOther v2"; }
}
