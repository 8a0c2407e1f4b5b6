// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Classes that ClassUnloading's throw-away loaders define from these class files (the
// application loader never loads them: nothing names them in code).
class Victim {
    static Object shared = new Object();
    static int made;
    int id = ++made;
    VictimHelper helper = new VictimHelper();
    public String toString() { return "Victim#" + id + " " + helper.tag() + " from " + loaderName(); }
    String loaderName() { return getClass().getClassLoader().getName(); }
    static void fail(int depth) {
        if (depth == 0) throw new IllegalStateException("thrown by a victim");
        fail(depth - 1);
    }
}

class VictimHelper {
    String tag() { return "helped"; }
}

class VictimChild extends VictimBase {
    public String toString() { return "child of " + super.toString(); }
}

class HiddenVictim {
    static int count;
    public String toString() { return "hidden " + (++count); }
}

interface VictimIface {
    String name();
}

/* Makes a lambda (a hidden class its loader keeps, defined STRONG) and proxy classes in
 * its own loader: one for a package-private interface (in the interface's package), one
 * for a public java.base interface (in a dynamic module Proxy defines to the loader). */
class VictimMaker {
    public String toString() {
        java.util.function.Supplier<String> s = () -> "lambda";
        VictimIface p = (VictimIface) java.lang.reflect.Proxy.newProxyInstance(
            VictimMaker.class.getClassLoader(), new Class<?>[] {VictimIface.class}, (proxy, m, args) -> "proxy");
        Runnable r = (Runnable) java.lang.reflect.Proxy.newProxyInstance(
            VictimMaker.class.getClassLoader(), new Class<?>[] {Runnable.class}, (proxy, m, args) -> null);
        r.run();
        return s.get() + " and " + p.name() + " in " + VictimMaker.class.getClassLoader().getName()
            + ", proxy class in the same loader: "
            + (p.getClass().getClassLoader() == VictimMaker.class.getClassLoader())
            + ", lambda class hidden: " + s.getClass().isHidden()
            + ", Runnable proxy in a named module of the loader: " + r.getClass().getModule().isNamed() + " "
            + (r.getClass().getModule().getClassLoader() == VictimMaker.class.getClassLoader());
    }
}
