// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 2 of EmBase (renamed to EmBase by Redef.versionOf).
public class EmBase__v2 {
    int id() { return 2; }
    static String newName() { return "new-name"; }
    static String flip() { return "flip-static"; }
    public final String mod() { return "mod2"; }
    static String addedStatic(int x) { return "added-static " + x; }
    private String addedPrivate() { return "added-private"; }
    String addedVirtual() { return "added-virtual-base"; }
    String run() { return "v2 " + addedStatic(7) + " " + addedPrivate() + " " + addedVirtual() + " " + newName() + " " + flip(); }
}
