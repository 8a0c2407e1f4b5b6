// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class whose bytes RetransformChain's hooks rewrite: each environment writes its
// letter into the marker constant, at its own position.
public class ChainTarget {
    static String tag() {
        return "[----]";
    }
}
