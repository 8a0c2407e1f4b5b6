// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Loaded by JniLibraryUnload's throw-away loader; loads the JNI library into that loader.
public class VictimNative {
    static { System.loadLibrary("unloadlib"); }
    static native int twice(int x);
    public String toString() { return "twice(21) = " + twice(21); }
}
