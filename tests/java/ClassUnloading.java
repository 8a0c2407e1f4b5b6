// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Class unloading (JVMS 12.7): a class is unloaded when its defining loader becomes
// unreachable; a hidden class when it becomes unreachable, unless it was defined
// STRONG (then with its loader); an instance, a parent-loader relation or a throwable's
// stack trace keeps classes loaded. Checked through WeakReferences after System.gc()
// (a full collection on HotSpot too, which unloads). Then -Xlog:class+unload and
// -verbose:class lines, and -XX:-ClassUnloading, in child VMs of the same kind.
// The classes are made and used on short-lived threads, and the checks use refersTo,
// which never hands out the referent: GlassVM scans C stacks conservatively, and a
// stale word left on a stack that lives on may keep a loader (and so its classes).
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.invoke.MethodHandles;
import java.lang.ref.WeakReference;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class ClassUnloading {
    static byte[] bytesOf(String name) throws Exception {
        try (InputStream in = ClassUnloading.class.getResourceAsStream("/" + name + ".class")) {
            return in.readAllBytes();
        }
    }

    /* Defines the Victim* classes (those starting with `only`) itself; everything else
     * comes from its parent. */
    static class Isolating extends ClassLoader {
        final String only;
        Isolating(String name, ClassLoader parent) { this(name, parent, "Victim"); }
        Isolating(String name, ClassLoader parent, String only) { super(name, parent); this.only = only; }
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.startsWith(only)) throw new ClassNotFoundException(name);
            try {
                byte[] b = bytesOf(name);
                return defineClass(name, b, 0, b.length);
            } catch (Exception e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    /* The victims are package-private classes of other run-time packages. */
    static Object make(Class<?> c) throws Exception {
        var ctor = c.getDeclaredConstructor();
        ctor.setAccessible(true);
        return ctor.newInstance();
    }

    static int collected(List<WeakReference<Object>> refs) {
        int n = 0;
        for (WeakReference<Object> r : refs) if (r.refersTo(null)) n++;
        return n;
    }

    /* Collects until every reference is cleared (or a few times at most). */
    static void gcUntil(List<WeakReference<Object>> refs) {
        for (int i = 0; i < 10 && collected(refs) < refs.size(); i++) System.gc();
    }

    static List<WeakReference<Object>> loaders = new ArrayList<>(), classes = new ArrayList<>();

    static String churnOne(int i) throws Exception {
        Isolating l = new Isolating("churn" + i, null);
        Class<?> c = l.loadClass("Victim");
        Object o = make(c);
        loaders.add(new WeakReference<>(l));
        classes.add(new WeakReference<>(c));
        classes.add(new WeakReference<>(o.getClass().getDeclaredField("helper").getType()));
        return o.toString();
    }

    interface Body { void run() throws Exception; }

    /* Runs body on a new thread (whose stacks die with it) and waits for it. */
    static void onThread(Body body) throws Exception {
        Exception[] failure = new Exception[1];
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        t.start();
        t.join();
        if (failure[0] != null) throw failure[0];
    }

    static void churn(int n, boolean print) throws Exception {
        onThread(() -> {
            for (int i = 0; i < n; i++) {
                String s = churnOne(i);
                if (print && i < 2) System.out.println("  " + s);
            }
        });
        gcUntil(loaders);
        gcUntil(classes);
    }

    static List<WeakReference<Object>> hidden = new ArrayList<>();

    static void hiddenOnes(int n, boolean strong) throws Exception {
        byte[] b = bytesOf("HiddenVictim");
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        for (int i = 0; i < n; i++) {
            Class<?> c = strong ? lookup.defineHiddenClass(b, true, MethodHandles.Lookup.ClassOption.STRONG).lookupClass()
                                : lookup.defineHiddenClass(b, true).lookupClass();
            Object o = make(c);
            Object[] array = (Object[]) java.lang.reflect.Array.newInstance(c, 1); /* an array class of it too */
            array[0] = o;
            if (i == 0) System.out.println("  " + array[0] + (c.isHidden() ? " (hidden)" : "") + ", array of it: "
                                           + (array.getClass().getComponentType() == c));
            hidden.add(new WeakReference<>(c));
        }
    }

    static List<WeakReference<Object>> makers = new ArrayList<>();

    static void lambdasAndProxies(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            Isolating l = new Isolating("maker" + i, null);
            String s = make(l.loadClass("VictimMaker")).toString();
            if (i == 0) System.out.println("  " + s);
            makers.add(new WeakReference<>(l));
        }
    }

    static Object keptInstance;
    static WeakReference<Object> keptLoader;

    static void makeKept() throws Exception {
        Isolating l = new Isolating("kept", null);
        keptInstance = make(l.loadClass("Victim"));
        keptLoader = new WeakReference<>(l);
    }

    static Isolating parent;
    static WeakReference<Object> childLoader, childClass, baseClass, parentLoader;

    static void makeFamily() throws Exception {
        parent = new Isolating("parent", null, "VictimBase");
        Isolating child = new Isolating("child", parent, "VictimChild");
        Class<?> c = child.loadClass("VictimChild");
        System.out.println("  " + make(c) + ", defined by " + c.getClassLoader().getName() + ", super by "
                           + c.getSuperclass().getClassLoader().getName());
        childLoader = new WeakReference<>(child);
        childClass = new WeakReference<>(c);
        baseClass = new WeakReference<>(c.getSuperclass());
        parentLoader = new WeakReference<>(parent);
    }

    static Throwable kept;
    static WeakReference<Object> throwerLoader;

    static void makeThrowable() throws Exception {
        Isolating l = new Isolating("thrower", null);
        try {
            var fail = l.loadClass("Victim").getDeclaredMethod("fail", int.class);
            fail.setAccessible(true);
            fail.invoke(null, 2);
        } catch (java.lang.reflect.InvocationTargetException e) {
            kept = e.getCause();
        }
        throwerLoader = new WeakReference<>(l);
    }

    static void child(String what) throws Exception {
        churn(3, false);
        System.out.println("child: loaders collected " + collected(loaders) + "/" + loaders.size());
    }

    /* Runs this class's child(...) in a new VM of the same kind with the given option;
     * returns the unloading log lines about victims, the time and address masked. */
    static void runChild(String option) throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, option, "-cp", System.getProperty("java.class.path"),
                                               "ClassUnloading", "child");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        Pattern unload = Pattern.compile("\\[[0-9.]+s\\]\\[info\\]\\[class,unload\\] unloading class (\\S+) 0x[0-9a-f]+");
        Pattern load = Pattern.compile("\\[[0-9.]+s\\]\\[info\\]\\[class,load\\] (Victim\\S*) .*");
        TreeMap<String, Integer> counts = new TreeMap<>();
        List<String> other = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null;) {
                Matcher m = unload.matcher(line), ml = load.matcher(line);
                if (m.matches()) {
                    if (m.group(1).startsWith("Victim")) counts.merge("unloading class " + m.group(1), 1, Integer::sum);
                } else if (ml.matches()) {
                    counts.merge("loaded " + ml.group(1), 1, Integer::sum);
                } else if (!line.startsWith("[")) {
                    other.add(line);
                }
            }
        }
        System.out.println(option + ": exit " + p.waitFor());
        for (var e : counts.entrySet()) System.out.println("  " + e.getKey() + " x" + e.getValue());
        for (String s : other) System.out.println("  " + s);
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child(args[0]);
            return;
        }
        System.out.println("churn:");
        churn(200, true);
        System.out.println("  loaders collected " + collected(loaders) + "/" + loaders.size() + ", classes "
                           + collected(classes) + "/" + classes.size());

        System.out.println("hidden classes:");
        onThread(() -> hiddenOnes(50, false));
        gcUntil(hidden);
        System.out.println("  collected " + collected(hidden) + "/" + hidden.size());
        hidden.clear();
        onThread(() -> hiddenOnes(5, true));
        System.gc();
        System.out.println("  strong ones collected " + collected(hidden) + "/" + hidden.size());

        System.out.println("lambdas and proxies go with their loader:");
        onThread(() -> lambdasAndProxies(20));
        gcUntil(makers);
        System.out.println("  loaders collected " + collected(makers) + "/" + makers.size());

        System.out.println("an instance keeps its class:");
        onThread(ClassUnloading::makeKept);
        System.gc();
        System.out.println("  loader collected " + (keptLoader.refersTo(null)));
        onThread(() -> System.out.println("  " + keptInstance));
        keptInstance = null;
        for (int i = 0; i < 10 && keptLoader.refersTo(null) == false; i++) System.gc();
        System.out.println("  instance dropped, loader collected " + (keptLoader.refersTo(null)));

        System.out.println("a parent loader outlives its child:");
        onThread(ClassUnloading::makeFamily);
        for (int i = 0; i < 10 && (childLoader.refersTo(null) == false || childClass.refersTo(null) == false); i++) System.gc();
        System.out.println("  child loader " + (childLoader.refersTo(null)) + ", child class " + (childClass.refersTo(null))
                           + ", base class " + (baseClass.refersTo(null)) + ", parent " + (parentLoader.refersTo(null)));
        onThread(() -> System.out.println("  " + make(parent.loadClass("VictimBase"))));
        parent = null;
        for (int i = 0; i < 10 && (parentLoader.refersTo(null) == false || baseClass.refersTo(null) == false); i++) System.gc();
        System.out.println("  parent dropped: base class " + (baseClass.refersTo(null)) + ", parent " + (parentLoader.refersTo(null)));

        System.out.println("a throwable keeps the classes of its stack trace:");
        onThread(ClassUnloading::makeThrowable);
        System.gc();
        System.out.println("  loader collected " + (throwerLoader.refersTo(null)));
        onThread(() -> {
            StackTraceElement[] st = kept.getStackTrace();
            for (int i = 0; i < 4; i++)
                System.out.println("  at " + st[i].getClassLoaderName() + "/" + st[i].getClassName() + "."
                                   + st[i].getMethodName() + ":" + st[i].getLineNumber());
        });
        kept = null;
        for (int i = 0; i < 10 && throwerLoader.refersTo(null) == false; i++) System.gc();
        System.out.println("  throwable dropped, loader collected " + (throwerLoader.refersTo(null)));

        runChild("-Xlog:class+unload");
        runChild("-verbose:class");
        runChild("-XX:-ClassUnloading");
    }
}
