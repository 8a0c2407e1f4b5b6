// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ARGS: @TESTSRC@/greeting.jfr.gz
//
// The JDK's command-line tools, which are Java programs, run on this VM (java.home's
// launchers start the VM under test) with HotSpot's output: javac (with lint warnings),
// javap -v -p -c on records, sealed types, lambdas and a module-info, javadoc (links,
// generics, deprecation; the generated tree compared by digest), jar (create with a
// manifest and --module-version, list, describe-module, extract), jmod (create, list,
// describe), jdeps -s, serialver (computed and declared UIDs), keytool -genkeypair EC
// plus jarsigner sign and verify, jshell running a script (its agent VM is this VM too,
// driven through JDI), and jfr summary/print of a recording HotSpot made (JfrReader's).
// jlink, jdeprscan, jimage and jdeps --print-module-deps also match but take too long here. Paths under the scratch directory print as TMP;
// lines that hold the current time are left out.
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

public class JdkToolsCli {
    static Path tmp;

    static String run(String tool, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(System.getProperty("java.home") + "/bin/" + tool);
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(tmp.toFile()).redirectErrorStream(true);
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = p.getInputStream()) {
            in.transferTo(out);
        }
        int status = p.waitFor();
        String text = out.toString(StandardCharsets.UTF_8).replace(tmp.toString(), "TMP");
        System.out.println("== " + tool + " " + String.join(" ", args).replace(tmp.toString(), "TMP")
                + ": exit " + status);
        return text;
    }

    static void show(String tool, String... args) throws Exception {
        System.out.print(run(tool, args));
    }

    static void write(String name, String text) throws Exception {
        Path p = tmp.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    static String digest(Path dir) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).collect(Collectors.toList());
        }
        for (Path f : files) {
            md.update(dir.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
            md.update(Files.readAllBytes(f));
        }
        return files.size() + " files, sha-256 " + HexFormat.of().formatHex(md.digest()).substring(0, 16);
    }

    public static void main(String[] args) throws Exception {
        tmp = Files.createTempDirectory("JdkToolsCli").toRealPath();
        try {
            test(args[0]);
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    static void test(String recording) throws Exception {
        write("src/module-info.java", "module m { requires java.logging; exports p; exports p.q; }\n");
        write("src/p/Shape.java", """
            package p;

            import java.util.List;
            import java.util.function.Function;

            /**
             * A shape. See {@link Circle} and {@link java.util.List}.
             * @param <T> the tag type
             */
            public sealed interface Shape<T extends Comparable<T>> permits Shape.Circle, Shape.Square {
                /** The area. @return the area */
                double area();

                /** A circle. @param r radius @param tag tag */
                record Circle<T extends Comparable<T>>(double r, T tag) implements Shape<T> {
                    public double area() { return Math.PI * r * r; }
                }

                /** A square. */
                final class Square<T extends Comparable<T>> implements Shape<T> {
                    private final double s;
                    /** Makes one. @param s side */
                    public Square(double s) { this.s = s; }
                    public double area() { return s * s; }
                }

                /**
                 * Maps areas.
                 * @param shapes the shapes
                 * @param f the function
                 * @param <R> result
                 * @return the list
                 * @deprecated use streams
                 */
                @Deprecated(since = "9", forRemoval = true)
                static <R> List<R> mapAll(List<? extends Shape<?>> shapes, Function<Double, R> f) {
                    return shapes.stream().map(s -> f.apply(s.area())).toList();
                }
            }
            """);
        write("src/p/q/Main.java", """
            package p.q;

            import java.io.Serializable;
            import java.util.List;
            import p.Shape;

            /** Main. */
            public class Main implements Serializable {
                int a;
                /** @param args args */
                public static void main(String[] args) {
                    var l = List.<Shape<?>>of(new Shape.Circle<>(1, "a"), new Shape.Square<Integer>(2));
                    System.out.println(Shape.mapAll(l, d -> String.format("%.2f", d)));
                    Runnable run = () -> System.out.println(new Thread().isDaemon());
                    run.run();
                    new java.util.Date().getYear();
                }
            }
            """);
        write("man.txt", "Main-Class: p.q.Main\nX-Glass: yes\n");

        show("javac", "-Xlint:all", "-d", "classes", "src/module-info.java", "src/p/Shape.java", "src/p/q/Main.java");
        String javap = run("javap", "-v", "-p", "-c", "-constants", "--class-path", "classes", "classes/module-info.class",
                "p.Shape", "p.Shape$Circle", "p.Shape$Square", "p.q.Main");
        System.out.print(javap.lines().filter(l -> !l.startsWith("  Last modified"))
                .collect(Collectors.joining("\n", "", "\n")));

        Files.writeString(tmp.resolve("element-list"), "module:java.base\njava.lang\njava.util\njava.util.function\n");
        show("javadoc", "-quiet", "-notimestamp", "-Xdoclint:all", "-d", "doc", "-sourcepath", "src",
                "-linkoffline", "https://docs.oracle.com/en/java/javase/17/docs/api/", tmp.toString(), "p", "p.q");
        System.out.println("doc: " + digest(tmp.resolve("doc")));

        show("jar", "--create", "--file", "m.jar", "--manifest", "man.txt", "--module-version", "1.2", "-C", "classes", ".");
        show("jar", "--list", "--file", "m.jar");
        show("jar", "--describe-module", "--file", "m.jar");
        show("jar", "--extract", "--verbose", "--file", "m.jar");
        System.out.print(Files.readString(tmp.resolve("META-INF/MANIFEST.MF")));
        System.out.println("extracted classes: " + digest(tmp.resolve("p")) + ", compiled: " + digest(tmp.resolve("classes/p")));

        show("jmod", "create", "--class-path", "classes", "--module-version", "2.0", "--main-class", "p.q.Main",
                "--target-platform", "linux-amd64", "m.jmod");
        show("jmod", "list", "m.jmod");
        show("jmod", "describe", "m.jmod");

        show("jdeps", "-s", "m.jar");
        show("serialver", "-classpath", "classes", "p.q.Main", "java.util.ArrayList", "p.Shape");

        show("keytool", "-genkeypair", "-keyalg", "EC", "-groupname", "secp256r1", "-alias", "me",
                "-dname", "CN=Glass, O=Tools, C=US", "-startdate", "2020/01/01 00:00:00", "-validity", "36500",
                "-keystore", "ks.p12", "-storepass", "secret123", "-keypass", "secret123", "-storetype", "PKCS12");
        show("jarsigner", "-keystore", "ks.p12", "-storepass", "secret123", "-signedjar", "s.jar", "m.jar", "me");
        show("jarsigner", "-verify", "s.jar");

        write("script.jsh", """
            int sq(int x) { return x * x; }
            System.out.println(sq(7));
            record P(int a, String b) {}
            System.out.println(new P(3, "x"));
            String s = null;
            try { s.length(); } catch (NullPointerException e) { System.out.println(e.getMessage()); }
            /methods
            /exit 3
            """);
        // The remote agent's start-up timeout is 5 s by default: too tight on a loaded machine.
        show("jshell", "-q", "--execution", "jdi:launch(true),timeout(120000)", "script.jsh");

        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of(recording)))) {
            Files.copy(in, tmp.resolve("g.jfr"));
        }
        show("jfr", "summary", "g.jfr");
        show("jfr", "print", "--events", "glass.Greeting", "g.jfr");
    }
}
