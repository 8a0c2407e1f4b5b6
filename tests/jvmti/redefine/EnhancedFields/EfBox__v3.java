// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 3 of EfBox keeps version 2's fields and adds one more int, in
// what version 2 left of the slack.
class EfBox__v3 implements Cloneable {
    int id;
    Object ref;
    long big;
    String name;
    int small;
    int more;
    EfBox__v3(int id) { this.id = id; }
    String describe() { return "v3 id=" + id + " ref=" + ref + " big=" + big + " name=" + name + " small=" + small + " more=" + more; }
    void fill(int k) { ref = new StringBuilder("ref").append(k).toString(); big = -(1L << 40) - k; name = "n" + k; small = k; }
    void setMore(int k) { more = k; }
    Object copy() throws CloneNotSupportedException { return clone(); }
}
