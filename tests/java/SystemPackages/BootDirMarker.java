// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// SystemPackages copies this class into a directory on the child's -Xbootclasspath/a.
package glass.bootdir;

public class BootDirMarker {
}
