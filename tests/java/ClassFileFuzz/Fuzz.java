// The class-file fuzzer: mutants of a corpus of valid class files (Mutator) are defined
// each through a class loader of its own, linked (getDeclaredMethods links, so verifies,
// and resolves the signatures' classes), and for the corpus's own subject classes
// (FzSubjects.java) initialized and their static methods called with default arguments,
// all in a worker thread with a time limit. Each mutant's outcome is a line: its number,
// the mutation, the class mutated and the first phase that failed with the class of the
// Throwable (messages on a second line with -msg). Deterministic: the same seed and
// corpus give the same mutants, so the outputs of two VMs can be compared line by line.
//
//   java Fuzz [-seed S] [-n N] [-from K] [-corpus test|big] [-msg] [-timeout MS]
//             [-dump K DIR]    (writes mutant K as DIR/K.class instead of running)
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public class Fuzz {
    /** One valid class file of the corpus; subjects are initialized and called too. */
    static final class Entry {
        final String name, module; final byte[] bytes; final boolean subject;
        private CfModel model;
        CfModel model() { if (model == null) model = CfModel.parse(bytes); return model; }
        Entry(String name, byte[] bytes, boolean subject) { this(name, null, bytes, subject); }
        Entry(String name, String module, byte[] bytes, boolean subject) { this.name = name; this.module = module; this.bytes = bytes; this.subject = subject; }
    }

    /** Our own subject classes (FzSubjects.java), read as resources. */
    static final String[] SUBJECTS = { "FzLoops", "FzSwitches", "FzExceptions", "FzPoint", "FzShape", "FzCircle",
        "FzSquare", "FzLambdas", "FzGeneric", "FzGeneric$Node", "FzOuter", "FzOuter$Inner", "FzOuter$Nested",
        "FzColor", "FzIface", "FzAnnotated", "FzMark", "FzStatics", "FzArrays", "FzStrings" };
    /** JDK classes of the fixed test corpus: big methods, switches, exception tables,
     *  invokedynamic, records, sealed and nest attributes, signatures, annotations. */
    static final String[] JDK_TEST = {
        "java.base/java/util/TreeMap", "java.base/java/lang/Character", "java.base/java/util/HashMap",
        "java.base/java/util/Collections", "java.base/java/util/ArrayList", "java.base/java/util/regex/Pattern",
        "java.base/java/util/Formatter", "java.base/java/lang/invoke/LambdaForm", "java.base/java/util/stream/Collectors",
        "java.base/java/util/concurrent/ConcurrentHashMap", "java.base/java/lang/constant/ConstantDescs",
        "java.base/java/lang/runtime/ObjectMethods", "java.base/java/time/LocalDate", "java.base/java/math/BigInteger",
        "java.base/java/util/Optional", "java.base/java/lang/Enum", "java.base/java/io/ObjectInputStream",
        "java.base/java/util/Scanner", "java.base/java/lang/Thread$State",
        "java.base/jdk/internal/misc/VM", "java.base/java/lang/Record", "java.base/java/util/Spliterators",
        "java.base/sun/security/util/DerValue", "java.base/java/util/jar/Attributes$Name",
        "java.base/java/util/Arrays", "java.base/java/util/BitSet",
        "jdk.jfr/jdk/jfr/Recording", "java.desktop/java/awt/Color", "java.sql/java/sql/Timestamp",
        "jdk.jshell/jdk/jshell/Snippet$Kind"
    };

    static List<Entry> corpus(String which) throws Exception {
        List<Entry> r = new ArrayList<>();
        for (String s : SUBJECTS) r.add(new Entry(s, resource(s), true));
        for (String s : SUBJECTS) SUBJECT_BYTES.put(s, resource(s));
        for (String s : new String[] { "FzSwitches$1", "FzOuter$1" }) SUBJECT_BYTES.put(s, resource(s));
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        if (which.equals("test")) {
            for (String s : JDK_TEST) r.add(jdk(jrt.getPath("/modules/" + s + ".class")));
            return r;
        }
        if (which.startsWith("list:")) {
            for (String s : Files.readAllLines(Path.of(which.substring(5)))) r.add(jdk(jrt.getPath("/modules/" + s + ".class")));
            return r;
        }
        // big: every 9th class of several modules, in a sorted (so fixed) order
        for (String mod : new String[] { "java.base", "java.desktop", "java.xml", "jdk.compiler", "java.sql", "jdk.jfr", "java.net.http", "jdk.jshell" }) {
            List<Path> all;
            try (Stream<Path> s = Files.walk(jrt.getPath("/modules/" + mod))) {
                all = s.filter(p -> p.toString().endsWith(".class") && !p.toString().endsWith("module-info.class"))
                       .sorted(Comparator.comparing(Path::toString)).collect(Collectors.toList());
            }
            for (int i = 0; i < all.size(); i += 9) r.add(jdk(all.get(i)));
        }
        return r;
    }
    static Entry jdk(Path p) throws Exception {
        String s = p.toString();
        int slash = s.indexOf('/', "/modules/".length());
        String name = s.substring(slash + 1, s.length() - ".class".length());
        return new Entry(name, s.substring("/modules/".length(), slash), rename(Files.readAllBytes(p)), false);
    }
    static byte[] resource(String name) throws Exception {
        try (InputStream in = Fuzz.class.getResourceAsStream("/" + name + ".class")) {
            return in.readAllBytes();
        }
    }
    /** java.* classes may be defined only by the boot and platform loaders: the class's
     *  own name becomes fz/java/... (its references to other classes are left alone). */
    static byte[] rename(byte[] b) {
        CfModel m = CfModel.parse(b);
        String n = m.className(m.thisClass);
        if (!n.startsWith("java/")) return b;
        String nn = "fz/" + n;
        for (int i = 1; i < m.cp.size(); i++) {
            String s = m.utf8(i);
            if (s == null) continue;
            String t = s.equals(n) ? nn : s.replace("L" + n + ";", "L" + nn + ";");
            if (t.equals(s)) continue;
            byte[] u = t.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] e = new byte[3 + u.length];
            e[0] = 1; e[1] = (byte) (u.length >> 8); e[2] = (byte) u.length;
            System.arraycopy(u, 0, e, 3, u.length);
            m.cp.set(i, e);
        }
        return m.write();
    }

    /** The subject classes' original bytes: each mutant's loader defines the other
     *  subject classes itself, so that they share its runtime package (package access,
     *  nestmates, sealed hierarchies work as in the original program). */
    static final java.util.Map<String, byte[]> SUBJECT_BYTES = new java.util.HashMap<>();
    static final class Loader extends ClassLoader {
        Loader() { super(Fuzz.class.getClassLoader()); }
        Class<?> define(byte[] b) { return defineClass(null, b, 0, b.length); }
        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            byte[] b = SUBJECT_BYTES.get(name);
            if (b == null) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : defineClass(name, b, 0, b.length);
            }
        }
    }

    /** The outcome of one mutant: "ok" or "PHASE Throwable", then call results. */
    static final class Outcome {
        final StringBuilder out = new StringBuilder(), msg = new StringBuilder();
        volatile boolean done;
        void fail(String phase, Throwable e) {
            out.append(phase).append(' ').append(e.getClass().getName());
            if (e.getClass() == ExceptionInInitializerError.class && e.getCause() != null)
                out.append('(').append(e.getCause().getClass().getName()).append(')');
            msg.append(phase).append(": ").append(e.getMessage());
        }
    }

    static void exercise(byte[] b, boolean subject, Outcome o) {
        Class<?> c;
        String phase = "define";
        try {
            Loader l = new Loader();
            c = l.define(b);
            phase = "link";
            Method[] ms = c.getDeclaredMethods();
            phase = "reflect";
            reflect(c, ms, o);
            if (!subject) { o.out.insert(0, "ok"); return; }
            phase = "init";
            Class.forName(c.getName(), true, l);
            o.out.insert(0, "ok");
            Arrays.sort(ms, Comparator.comparing(Method::toString));
            for (Method m : ms) {
                if (!Modifier.isStatic(m.getModifiers()) || !m.getName().startsWith("fz")) continue;
                Class<?>[] pt = m.getParameterTypes();
                Object[] args = new Object[pt.length];
                for (int i = 0; i < pt.length; i++) args[i] = arg(pt[i], i);
                o.out.append(' ').append(m.getName()).append('=');
                try {
                    m.setAccessible(true);
                    Object v = m.invoke(null, args);
                    o.out.append(v == null || v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof Character ? String.valueOf(v) : "obj");
                } catch (java.lang.reflect.InvocationTargetException e) {
                    o.out.append(e.getCause().getClass().getName());
                    StackTraceElement[] st = e.getCause().getStackTrace();
                    if (st.length > 0 && st[0].getClassName().equals(c.getName()))   // LineNumberTable
                        o.out.append('@').append(st[0].getMethodName()).append(':').append(st[0].getLineNumber());
                    o.msg.append(m.getName()).append(": ").append(e.getCause().getMessage()).append("; ");
                }
            }
        } catch (Throwable e) {
            o.fail(phase, e);
        } finally {
            o.done = true;
        }
    }
    /** What reflection reads of the class file's attributes (InnerClasses, EnclosingMethod,
     *  NestHost/NestMembers, Record, PermittedSubclasses, Signature, Exceptions,
     *  MethodParameters, annotations): each query that throws adds " name=Throwable". */
    interface Query { Object get() throws Throwable; }
    static void query(Outcome o, String name, Query q) {
        try {
            Object v = q.get();
            if (v instanceof Object[]) for (Object e : (Object[]) v) String.valueOf(e);
        } catch (Throwable e) {
            o.out.append(' ').append(name).append('=').append(e.getClass().getName());
            o.msg.append(name).append(": ").append(e.getMessage()).append("; ");
        }
    }
    static void reflect(Class<?> c, Method[] ms, Outcome o) {
        query(o, "fields", c::getDeclaredFields);
        query(o, "ctors", c::getDeclaredConstructors);
        query(o, "declaring", c::getDeclaringClass);
        query(o, "enclosingMethod", c::getEnclosingMethod);
        query(o, "simpleName", c::getSimpleName);
        query(o, "anonymous", c::isAnonymousClass);
        query(o, "nestHost", c::getNestHost);
        query(o, "nestMembers", c::getNestMembers);
        query(o, "record", c::getRecordComponents);
        query(o, "permitted", c::getPermittedSubclasses);
        query(o, "genericSuper", c::getGenericSuperclass);
        query(o, "genericIfaces", c::getGenericInterfaces);
        query(o, "typeParams", c::getTypeParameters);
        query(o, "annotations", c::getDeclaredAnnotations);
        query(o, "classes", c::getDeclaredClasses);
        Arrays.sort(ms, Comparator.comparing(Method::toString));
        query(o, "methods", () -> {
            for (Method m : ms) {
                m.getParameters(); m.getExceptionTypes(); m.getGenericReturnType();
                m.getGenericParameterTypes(); m.getDeclaredAnnotations(); m.getParameterAnnotations();
                m.getDefaultValue();
            }
            return null;
        });
        query(o, "fieldSigs", () -> {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) { f.getGenericType(); f.getDeclaredAnnotations(); }
            return null;
        });
    }

    static Object arg(Class<?> t, int i) {
        if (t == int.class) return 3 + i;
        if (t == long.class) return 5L + i;
        if (t == double.class) return 1.5 + i;
        if (t == float.class) return 2.5f + i;
        if (t == boolean.class) return true;
        if (t == char.class) return 'x';
        if (t == byte.class) return (byte) 7;
        if (t == short.class) return (short) 9;
        if (t == String.class) return "s" + i;
        if (t == int[].class) return new int[] { 4, 1, 3 };
        return null;
    }

    @SuppressWarnings("deprecation")
    static Outcome run(byte[] b, boolean subject, long timeoutMs) throws InterruptedException {
        Outcome o = new Outcome();
        Thread w = new Thread(() -> exercise(b, subject, o), "fuzz-worker");
        w.setDaemon(true);
        w.start();
        w.join(timeoutMs);
        if (!o.done) {
            w.stop();
            w.join(timeoutMs);
            Outcome t = new Outcome();
            t.out.append("TIMEOUT");
            return t;
        }
        return o;
    }

    /** Mutant k of the seed: which corpus entry, which mutation, and the bytes. */
    static Object[] mutant(List<Entry> corpus, long seed, int k) {
        Random pick = new Random(seed * 1_000_003L + k);
        Entry e = corpus.get(pick.nextInt(corpus.size()));
        Mutator m = new Mutator(pick.nextLong());
        byte[] b = m.mutate(e.bytes, e.model());
        return new Object[] { e, m.kind, b };
    }

    public static void main(String[] args) throws Exception {
        long seed = 1; int n = 100, from = 0, dump = -1; String which = "test", dir = null;
        boolean msg = false, listOk = false; long timeout = 10_000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-seed": seed = Long.parseLong(args[++i]); break;
                case "-n": n = Integer.parseInt(args[++i]); break;
                case "-from": from = Integer.parseInt(args[++i]); break;
                case "-corpus": which = args[++i]; break;
                case "-msg": msg = true; break;
                case "-listok": listOk = true; break;
                case "-timeout": timeout = Long.parseLong(args[++i]); break;
                case "-dump": dump = Integer.parseInt(args[++i]); dir = args[++i]; break;
                default: throw new IllegalArgumentException(args[i]);
            }
        }
        List<Entry> corpus = corpus(which);
        if (listOk) {   // the JDK entries that define and link unmutated, for -corpus list:FILE
            for (Entry e : corpus)
                if (!e.subject && run(e.bytes, false, timeout).out.toString().equals("ok")) System.out.println(e.module + "/" + e.name);
            return;
        }
        if (dump >= 0) {
            Object[] mu = mutant(corpus, seed, dump);
            Files.write(Path.of(dir, dump + ".class"), (byte[]) mu[2]);
            System.out.println(dump + " " + mu[1] + " " + ((Entry) mu[0]).name);
            return;
        }
        fuzz(corpus, seed, from, n, msg, timeout);
    }

    static void fuzz(List<Entry> corpus, long seed, int from, int n, boolean msg, long timeout) throws Exception {
        for (Entry e : corpus) {   // each unmutated entry must pass: the corpus is valid
            if (!Arrays.equals(CfModel.parse(e.bytes).write(), e.bytes)) System.out.println("corpus " + e.name + ": not written back as read");
            Outcome o = run(e.bytes, e.subject, timeout);
            if (!o.out.toString().startsWith("ok")) System.out.println("corpus " + e.name + ": " + o.out + " " + o.msg);
        }
        for (int k = from; k < from + n; k++) {
            Object[] mu = mutant(corpus, seed, k);
            Outcome o = run((byte[]) mu[2], ((Entry) mu[0]).subject, timeout);
            System.out.println(k + " " + mu[1] + " " + ((Entry) mu[0]).name + ": " + o.out);
            if (msg && o.msg.length() > 0) System.out.println("    " + o.msg);
        }
    }
}
