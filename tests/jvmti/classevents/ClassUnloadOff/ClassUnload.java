// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The natives of the shared agent (../ClassUnload/agent.c) that ClassUnloadOff uses.
public class ClassUnload {
    static native void awaitUnloaded(int n);
}
