// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Gone__v2 {
    public String get() {
        return "gone v2";
    }
}
