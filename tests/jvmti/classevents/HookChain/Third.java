// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Defined by HookChain from its bytes; the hook rewrites its string constant.
public class Third {
    public static String text() { return "original"; }
}
