// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Holder {
    static {
        System.loadLibrary("ncaiholder");
    }

    public static native int answer();
}
