// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The version EnhancedHotSwapFields' session installs (renamed by the driver): a long, an
// int and a reference field added, which add() updates.
class EhfCounter__v2 {
    String name;
    long total;
    int count;
    Object last;

    EhfCounter__v2(String name) {
        this.name = name;
    }

    String add(int x) {
        count++;
        total += x;
        last = Integer.valueOf(x);
        return name + " total " + total + " count " + count + " last " + last;
    }
}
