// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Target {
    static long work() {
        return Native.spin();
    }
}
