// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Loaded by ClassUnload's throw-away loaders; VictimHelper comes with it.
public class Victim {
    static Object shared = new Object();
    int count;
    VictimHelper helper = new VictimHelper();
    public String toString() { count++; return "victim " + helper.id(); }
}
class VictimHelper {
    int id() { return 7; }
}
