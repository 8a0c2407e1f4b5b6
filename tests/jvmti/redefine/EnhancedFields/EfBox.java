// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: a class with live instances (and a subclass with fields of its own and
// live instances) whose versions 2 and 3 add fields in its slack.
class EfBox implements Cloneable {
    int id;
    EfBox(int id) { this.id = id; }
    String describe() { return "v1 id=" + id; }
}
