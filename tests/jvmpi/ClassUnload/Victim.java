// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassUnload: the class whose loader is dropped.
public class Victim {
    static int counter = 1;
    int field;

    public String toString() {
        return "a Victim";
    }

    void method() {
        field = counter;
    }
}
