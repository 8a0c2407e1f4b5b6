// File I/O in a fresh temporary directory: FileOutputStream/FileInputStream,
// BufferedWriter/BufferedReader, RandomAccessFile (seek, length, read/write of
// primitives), DataOutput/DataInput, java.nio.file.Files (write/read/lines/list/walk/
// copy/move/delete/attributes), directories, renames, exceptions for missing files, and
// FileChannel with ByteBuffers. Paths printed are relative to the temp directory.
import java.io.*;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class FilesIO {
    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("glassvm-test");
        try {
            run(dir);
        } finally {
            deleteTree(dir.toFile());
            System.out.println("cleaned up " + !Files.exists(dir));
        }
    }

    static void run(Path dir) throws IOException {
        File f = new File(dir.toFile(), "plain.txt");
        try (FileOutputStream out = new FileOutputStream(f)) {
            out.write("hello\n".getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[] { 'a', 'b', 'c' }, 1, 2);
            out.write('\n');
        }
        System.out.println("exists " + f.exists() + " isFile " + f.isFile() + " length " + f.length() + " canRead " + f.canRead() + " name " + f.getName());
        try (FileInputStream in = new FileInputStream(f)) {
            byte[] buf = new byte[64];
            int n = in.read(buf);
            System.out.println("read " + n + " bytes: " + new String(buf, 0, n, StandardCharsets.US_ASCII).replace("\n", "\\n") + " then " + in.read());
        }
        try (FileOutputStream out = new FileOutputStream(f, true)) { out.write("appended\n".getBytes(StandardCharsets.US_ASCII)); }
        try (BufferedReader r = new BufferedReader(new FileReader(f, StandardCharsets.UTF_8))) {
            String line; int no = 0;
            while ((line = r.readLine()) != null) System.out.println("line " + (++no) + ": " + line);
        }
        // Writer with non-ASCII text
        File u = new File(dir.toFile(), "unicode.txt");
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(u), StandardCharsets.UTF_8))) {
            for (int i = 0; i < 1000; i++) { w.write("line " + i + " é中😀"); w.newLine(); }
        }
        System.out.println("unicode file length " + u.length());
        List<String> lines = Files.readAllLines(u.toPath(), StandardCharsets.UTF_8);
        System.out.println("lines " + lines.size() + " last " + lines.get(999) + " codepoints " + lines.get(0).codePointCount(0, lines.get(0).length()));
        // RandomAccessFile
        File rf = new File(dir.toFile(), "random.bin");
        try (RandomAccessFile raf = new RandomAccessFile(rf, "rw")) {
            raf.writeInt(0x01020304); raf.writeLong(-1L); raf.writeDouble(Math.PI); raf.writeUTF("utf"); raf.writeBoolean(true);
            System.out.println("raf length " + raf.length() + " pointer " + raf.getFilePointer());
            raf.seek(4);
            System.out.println("seek 4 -> long " + raf.readLong() + " double " + raf.readDouble() + " utf " + raf.readUTF() + " bool " + raf.readBoolean());
            raf.seek(0);
            raf.write(0xFF);
            raf.setLength(10);
            raf.seek(0);
            byte[] head = new byte[10];
            raf.readFully(head);
            System.out.println("after overwrite and truncate " + Arrays.toString(head) + " length " + raf.length());
            try { raf.readByte(); } catch (EOFException e) { System.out.println("readByte at end: EOFException"); }
        }
        // Data streams
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (DataOutputStream dos = new DataOutputStream(new BufferedOutputStream(bos))) {
            dos.writeShort(-2); dos.writeChar('Z'); dos.writeFloat(1.5f); dos.writeLong(Long.MIN_VALUE); dos.writeBytes("AB");
        }
        DataInputStream dis = new DataInputStream(new ByteArrayInputStream(bos.toByteArray()));
        System.out.println("data " + dis.readShort() + " " + dis.readChar() + " " + dis.readFloat() + " " + dis.readLong() + " " + (char) dis.read() + (char) dis.read() + " " + dis.read());
        // Directories and listing (sorted: order is file-system specific)
        File sub = new File(dir.toFile(), "sub/deeper");
        System.out.println("mkdirs " + sub.mkdirs() + " again " + sub.mkdirs() + " isDirectory " + sub.isDirectory());
        for (int i = 0; i < 5; i++) Files.write(sub.toPath().resolve("f" + i + ".dat"), new byte[i * 10]);
        String[] names = sub.list();
        Arrays.sort(names);
        System.out.println("list " + Arrays.toString(names));
        List<String> walked = new ArrayList<>();
        try (java.util.stream.Stream<Path> s = Files.walk(dir)) {
            for (Iterator<Path> it = s.iterator(); it.hasNext(); ) walked.add(dir.relativize(it.next()).toString());
        }
        Collections.sort(walked);
        System.out.println("walk " + walked);
        long total = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(sub.toPath(), "*.dat")) { for (Path p : ds) total += Files.size(p); }
        System.out.println("total size of *.dat " + total);
        // Rename, copy, move, delete
        File renamed = new File(dir.toFile(), "renamed.txt");
        System.out.println("rename " + f.renameTo(renamed) + " old exists " + f.exists() + " new exists " + renamed.exists());
        Path copy = Files.copy(renamed.toPath(), dir.resolve("copy.txt"));
        System.out.println("copy same content " + Arrays.equals(Files.readAllBytes(copy), Files.readAllBytes(renamed.toPath())));
        try { Files.copy(renamed.toPath(), copy); } catch (FileAlreadyExistsException e) { System.out.println("copy onto existing: FileAlreadyExistsException " + dir.relativize(Paths.get(e.getFile()))); }
        Path moved = Files.move(copy, dir.resolve("sub/moved.txt"));
        System.out.println("moved exists " + Files.exists(moved) + " source exists " + Files.exists(copy));
        System.out.println("delete " + renamed.delete() + " again " + renamed.delete());
        try { Files.delete(renamed.toPath()); } catch (NoSuchFileException e) { System.out.println("Files.delete missing: NoSuchFileException " + dir.relativize(Paths.get(e.getFile()))); }
        try { new FileInputStream(new File(dir.toFile(), "missing.txt")); }
        catch (FileNotFoundException e) { System.out.println("FileNotFoundException " + e.getMessage().substring(e.getMessage().indexOf("missing.txt"))); }
        try { new FileOutputStream(sub); } catch (FileNotFoundException e) { System.out.println("open directory for write: FileNotFoundException (Is a directory) " + e.getMessage().endsWith("(Is a directory)")); }
        System.out.println("delete non-empty dir " + sub.getParentFile().delete());
        // Files convenience API
        Path t = dir.resolve("nio.txt");
        Files.writeString(t, "alpha\nbeta\ngamma\n");
        System.out.println("readString " + Files.readString(t).replace("\n", "|") + " size " + Files.size(t) + " isRegularFile " + Files.isRegularFile(t)
            + " isDirectory " + Files.isDirectory(dir) + " isHidden " + Files.isHidden(t));
        try (java.util.stream.Stream<String> ls = Files.lines(t)) { System.out.println("lines count " + ls.count()); }
        Files.write(t, Arrays.asList("x", "y"), StandardOpenOption.APPEND);
        System.out.println("after append " + Files.readAllLines(t));
        // FileChannel with ByteBuffers
        try (FileChannel ch = FileChannel.open(dir.resolve("chan.bin"), StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
            ByteBuffer bb = ByteBuffer.allocate(16);
            bb.putInt(7).putLong(1L << 50).putShort((short) -3).flip();
            System.out.println("channel wrote " + ch.write(bb) + " size " + ch.size() + " position " + ch.position());
            ByteBuffer direct = ByteBuffer.allocateDirect(16);
            ch.position(4);
            int n = ch.read(direct);
            direct.flip();
            System.out.println("channel read " + n + " long " + direct.getLong() + " short " + direct.getShort());
        }
        // Path manipulation (no file system access)
        Path p = Paths.get("a/b/../c/./d.txt");
        System.out.println("path " + p.normalize() + " name " + p.getFileName() + " parent " + p.getParent() + " count " + p.getNameCount()
            + " resolveSibling " + p.resolveSibling("e.txt") + " relativize " + Paths.get("a/b").relativize(Paths.get("a/c/d")) + " absolute " + p.isAbsolute());
        File rel = new File("x/y/../z.txt");
        System.out.println("File getPath " + rel.getPath() + " getParent " + rel.getParent() + " getName " + rel.getName());
    }

    static void deleteTree(File f) {
        File[] kids = f.listFiles();
        if (kids != null) for (File k : kids) deleteTree(k);
        f.delete();
    }
}
