// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The good CircA, in a.jar. The child's class path has a CircA and a CircB that extend
// each other instead (written by ClassBuilder).
public class CircA {
}
