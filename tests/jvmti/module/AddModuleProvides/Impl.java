// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
package gm;

// Loaded into the named module glass.mod by Layer (never from the class path). The
// runner compiles the *.java files of the test directory only, hence its place there.
public class Impl implements Runnable {
    public void run() {}
}
