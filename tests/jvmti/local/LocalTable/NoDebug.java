// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Compiled without -g (options: JAVACPLAIN): no LocalVariableTable anywhere in the class.
public class NoDebug {
    static int twice(int a) {
        int b = a * 2;
        return b;
    }
}
