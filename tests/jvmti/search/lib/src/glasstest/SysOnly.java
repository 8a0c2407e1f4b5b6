// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
package glasstest;

// In search.jar only: found by the system class loader once the JAR is on its path.
public class SysOnly {
    public static String hello() {
        return "glasstest.SysOnly from search.jar";
    }
}
