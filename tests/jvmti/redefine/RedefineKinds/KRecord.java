// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A record (Record attribute, ObjectMethods bootstraps) RedefineKinds redefines.
public record KRecord(int x, String s) {
    public String describe() {
        return "record v1 " + x;
    }
}
