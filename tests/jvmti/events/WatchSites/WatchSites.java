// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Field watches set, cleared and set again over field instructions that already ran
// (see agent.c): each kind of watch concerns only its own instructions, a cleared watch
// leaves no event behind, a breakpoint and single stepping at a watched instruction come
// first.
public class WatchSites {
    static native void setup();
    static native void step(String what);
    static native void report(String what);

    int a;
    long w;
    int other;
    static int s;
    static double sd;

    static int work(WatchSites o, int k) {
        o.a = o.a + k;
        o.w += k;
        s += k;
        sd = sd + 0.5;
        o.other = o.a;
        return o.a;
    }

    static int get(WatchSites o) {
        return o.a;
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        setup();
        WatchSites o = new WatchSites();
        int sum = 0;
        for (int i = 0; i < 1000; i++) sum += work(o, i) + get(o); // every instruction linked
        String[] steps = {"none", "access a", "modification w", "static s both", "access sd",
            "clear access a", "modification a", "access a", "breakpoint", "clear breakpoint",
            "breakpoint", "clear access a", "clear breakpoint", "access a", "single step",
            "clear all"};
        for (String what : steps) {
            step(what);
            sum += work(o, 1);
            sum += get(o);
            report(what);
        }
        System.out.println("a " + o.a + " w " + o.w + " s " + s + " sd " + sd + " other " + o.other);
    }
}
