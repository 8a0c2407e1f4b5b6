// VMOPTIONS: -Xcheck:jni
// -Xcheck:jni on the class library's own natives: zip (Deflater, Inflater, CRC32, ZipFile),
// NIO (file channels, mapped and direct buffers, directory walks), networking (a TCP
// echo over the loopback, a datagram), processes, and javac compiling a class in this
// VM. HotSpot's checked JNI prints nothing for them, and neither may GlassVM's: the
// expected output is only what the program prints.
import java.io.*;
import java.net.*;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;
import java.util.zip.*;
import javax.tools.*;

public class CheckJniClassLibrary {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("checkjni");
        try {
            zip(dir);
            nio(dir);
            net();
            process();
            javac(dir);
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) Files.delete(p);
            }
        }
    }

    static void zip(Path dir) throws Exception {
        byte[] data = "checked JNI, checked JNI, checked JNI".repeat(50).getBytes(StandardCharsets.UTF_8);
        Deflater d = new Deflater();
        d.setInput(data);
        d.finish();
        byte[] buf = new byte[4096];
        int n = d.deflate(buf);
        d.end();
        Inflater inf = new Inflater();
        inf.setInput(buf, 0, n);
        byte[] out = new byte[data.length];
        int m = inf.inflate(out);
        inf.end();
        CRC32 crc = new CRC32();
        crc.update(out, 0, m);
        Adler32 adler = new Adler32();
        adler.update(ByteBuffer.wrap(out));
        System.out.println("zip: inflated " + m + " equal " + Arrays.equals(data, out) + " crc " + crc.getValue()
            + " adler " + adler.getValue());
        Path z = dir.resolve("a.zip");
        try (ZipOutputStream zo = new ZipOutputStream(Files.newOutputStream(z))) {
            for (int i = 0; i < 3; i++) {
                zo.putNextEntry(new ZipEntry("e" + i + ".txt"));
                zo.write(data, 0, 100 * (i + 1));
                zo.closeEntry();
            }
        }
        try (ZipFile zf = new ZipFile(z.toFile())) {
            for (ZipEntry e : Collections.list(zf.entries())) {
                try (InputStream in = zf.getInputStream(e)) {
                    System.out.println("zip entry " + e.getName() + " " + in.readAllBytes().length);
                }
            }
        }
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(bo)) {
            g.write(data);
        }
        try (GZIPInputStream g = new GZIPInputStream(new ByteArrayInputStream(bo.toByteArray()))) {
            System.out.println("gzip round trip " + Arrays.equals(data, g.readAllBytes()));
        }
    }

    static void nio(Path dir) throws Exception {
        Path f = dir.resolve("nio.bin");
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ByteBuffer direct = ByteBuffer.allocateDirect(8192);
            for (int i = 0; i < 2048; i++) direct.putInt(i);
            direct.flip();
            ch.write(direct);
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, 8192);
            map.putInt(4, 4242);
            map.force();
            ByteBuffer back = ByteBuffer.allocate(8);
            ch.read(back, 0);
            back.flip();
            System.out.println("nio: size " + ch.size() + " ints " + back.getInt() + " " + back.getInt());
            try (FileLock lock = ch.lock()) {
                System.out.println("nio: locked " + lock.isValid());
            }
        }
        Files.createDirectories(dir.resolve("sub/deeper"));
        Files.writeString(dir.resolve("sub/deeper/x.txt"), "x");
        try (Stream<Path> s = Files.walk(dir)) {
            System.out.println("nio: walk " + s.map(p -> dir.relativize(p).toString()).sorted().collect(Collectors.toList()));
        }
        System.out.println("nio: attrs " + Files.readAttributes(f, "size") + " " + Files.isReadable(f));
    }

    static void net() throws Exception {
        try (ServerSocket ss = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread server = new Thread(() -> {
                try (Socket s = ss.accept()) {
                    byte[] b = s.getInputStream().readNBytes(5);
                    s.getOutputStream().write(new String(b, StandardCharsets.US_ASCII).toUpperCase()
                        .getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            server.start();
            try (Socket c = new Socket(InetAddress.getLoopbackAddress(), ss.getLocalPort())) {
                c.getOutputStream().write("hello".getBytes(StandardCharsets.US_ASCII));
                System.out.println("net: tcp echo " + new String(c.getInputStream().readNBytes(5), StandardCharsets.US_ASCII));
            }
            server.join();
        }
        try (ServerSocketChannel ssc = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             SocketChannel sc = SocketChannel.open(ssc.getLocalAddress());
             SocketChannel acc = ssc.accept()) {
            sc.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            ByteBuffer r = ByteBuffer.allocateDirect(3);
            while (r.hasRemaining()) acc.read(r);
            System.out.println("net: channel read " + r.get(0) + r.get(1) + r.get(2));
        }
        try (DatagramChannel a = DatagramChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             DatagramChannel b = DatagramChannel.open()) {
            b.send(ByteBuffer.wrap("dgram".getBytes(StandardCharsets.US_ASCII)), a.getLocalAddress());
            ByteBuffer r = ByteBuffer.allocate(16);
            a.receive(r);
            System.out.println("net: datagram " + new String(r.array(), 0, r.position(), StandardCharsets.US_ASCII));
        }
        System.out.println("net: localhost " + InetAddress.getByName("localhost").isLoopbackAddress());
    }

    static void process() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "echo from child; exit 3").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        System.out.println("process: " + out + " exit " + p.waitFor());
    }

    static void javac(Path dir) throws Exception {
        Path src = dir.resolve("Gen.java");
        Files.writeString(src, "public class Gen { public static String hi() { return \"generated \" + 42; } }");
        JavaCompiler jc = ToolProvider.getSystemJavaCompiler();
        StringWriter diag = new StringWriter();
        try (StandardJavaFileManager fm = jc.getStandardFileManager(null, null, null)) {
            boolean ok = jc.getTask(diag, fm, null, List.of("-d", dir.toString()), null,
                fm.getJavaFileObjects(src.toFile())).call();
            System.out.println("javac: " + ok + " " + diag);
        }
        try (URLClassLoader l = new URLClassLoader(new URL[] {dir.toUri().toURL()})) {
            System.out.println("javac: " + l.loadClass("Gen").getMethod("hi").invoke(null));
        }
    }
}
