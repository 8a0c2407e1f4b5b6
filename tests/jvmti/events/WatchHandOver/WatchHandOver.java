// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Breakpoints and field watches handed from one environment to another (see agent.c).
public class WatchHandOver {
    static native void setup();
    static native void handOver();
    static native void clearSome();
    static native void report();

    static int x, y, z, unwatched;

    static int bpA() { return 1; }
    static int bpB() { return 2; }
    static int both() { return 3; }

    static void round() {
        int s = x + y + z + unwatched;
        x = s;
        y = s;
        z = s;
        unwatched = s;
        s += bpA() + bpB() + both();
        unwatched = s;
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        setup();
        round();
        round(); // the field instructions quickened now
        handOver();
        round();
        round();
        clearSome();
        round();
        round();
        report();
        System.out.println("unwatched = " + unwatched);
    }
}
