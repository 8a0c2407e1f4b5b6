// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods: version 1 of a class whose methods version 2 (EmBase__v2) adds,
// deletes, renames and changes the modifiers of.
class EmBase {
    int id() { return 1; }
    String describe() { return "base"; }          // deleted in v2
    static String oldName() { return "old-name"; } // renamed newName in v2
    String flip() { return "flip-instance"; }      // static in v2
    protected String mod() { return "mod"; }       // public final in v2
    String run() { return "v1 " + describe() + " " + oldName(); }
    // Runs while its own deletion happens (the callback redefines): finishes as an
    // obsolete method, whose call of describe() (deleted by then) throws.
    String loop(Runnable callback) {
        callback.run();
        try {
            return "old loop called " + describe();
        } catch (NoSuchMethodError e) {
            return "old loop: NoSuchMethodError " + e.getMessage();
        }
    }
}
