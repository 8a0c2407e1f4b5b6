// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfBox adds two references, a long and an int (28 bytes).
class EfBox__v2 implements Cloneable {
    int id;
    Object ref;
    long big;
    String name;
    int small;
    EfBox__v2(int id) { this.id = id; }
    String describe() { return "v2 id=" + id + " ref=" + ref + " big=" + big + " name=" + name + " small=" + small; }
    void fill(int k) { ref = new StringBuilder("ref").append(k).toString(); big = -(1L << 40) - k; name = "n" + k; small = k; }
    Object copy() throws CloneNotSupportedException { return clone(); }
}
