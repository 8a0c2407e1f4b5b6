// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
package glasstest;

// In search.jar only: found by the boot loader once the JAR is on its search path.
public class BootOnly {
    public static String hello() {
        return "glasstest.BootOnly from search.jar";
    }
}
