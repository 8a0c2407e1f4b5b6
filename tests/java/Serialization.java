// Java serialization round trips: graphs with shared references and cycles, every
// primitive field type, transient and static fields, custom writeObject/readObject,
// Externalizable, readResolve singletons, serialVersionUID mismatch detection,
// NotSerializableException, inheritance from a non-serializable superclass (its no-arg
// constructor runs), arrays, enums, collections, and records (canonical constructor).
import java.io.*;
import java.util.*;

public class Serialization {
    static class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        String name; Node next; List<Node> links = new ArrayList<>();
        Node(String n) { name = n; }
    }
    static class Prims implements Serializable {
        private static final long serialVersionUID = 2L;
        byte b = -1; short s = 300; char c = 'q'; int i = Integer.MIN_VALUE; long l = Long.MAX_VALUE;
        float f = 1.5f; double d = Math.E; boolean z = true; int[] arr = { 1, 2 }; String str = "prims";
        transient String skipped = "transient value";
        static String statik = "static value";
        public String toString() { return b + " " + s + " " + c + " " + i + " " + l + " " + f + " " + d + " " + z + " " + Arrays.toString(arr) + " " + str + " " + skipped; }
    }
    static class Custom implements Serializable {
        private static final long serialVersionUID = 3L;
        transient int secret;
        String label;
        Custom(int secret, String label) { this.secret = secret; this.label = label; }
        private void writeObject(ObjectOutputStream out) throws IOException { out.defaultWriteObject(); out.writeInt(secret ^ 0x5A5A); out.writeUTF("extra"); }
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject(); secret = in.readInt() ^ 0x5A5A; label = label + "+" + in.readUTF();
        }
    }
    public static class Ext implements Externalizable {
        int x; String y;
        public Ext() { y = "no-arg constructor ran"; }
        Ext(int x) { this.x = x; y = "original"; }
        public void writeExternal(ObjectOutput out) throws IOException { out.writeInt(x * 2); }
        public void readExternal(ObjectInput in) throws IOException { x = in.readInt(); }
    }
    static class Singleton implements Serializable {
        private static final long serialVersionUID = 4L;
        static final Singleton INSTANCE = new Singleton();
        private Object readResolve() { return INSTANCE; }
    }
    static class NotSer { int v = 1; }
    static class HasNotSer implements Serializable { private static final long serialVersionUID = 5L; NotSer bad = new NotSer(); }
    static class Base { int baseField; Base() { baseField = 77; } }
    static class Derived extends Base implements Serializable { private static final long serialVersionUID = 6L; int own; }
    enum Color { RED, GREEN }
    record Point(int x, int y) implements Serializable {
        Point { if (x < 0) throw new IllegalArgumentException("negative x"); }
    }

    static byte[] write(Object o) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream oos = new ObjectOutputStream(bos)) { oos.writeObject(o); }
        return bos.toByteArray();
    }
    static Object read(byte[] b) throws IOException, ClassNotFoundException {
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(b))) { return ois.readObject(); }
    }
    static Object roundTrip(Object o) throws Exception { return read(write(o)); }

    public static void main(String[] args) throws Exception {
        Node a = new Node("a"), b = new Node("b"), c = new Node("c");
        a.next = b; b.next = c; c.next = a;            // cycle
        a.links.add(b); a.links.add(b); a.links.add(c); // shared references
        Node a2 = (Node) roundTrip(a);
        System.out.println("cycle preserved " + (a2.next.next.next == a2) + " shared preserved " + (a2.links.get(0) == a2.links.get(1))
            + " link is next " + (a2.links.get(0) == a2.next) + " names " + a2.name + a2.next.name + a2.next.next.name);
        Prims.statik = "changed before write";
        byte[] pb = write(new Prims());
        Prims.statik = "static value";
        System.out.println("prims " + read(pb) + " | static not serialized: " + Prims.statik);
        Custom cu = (Custom) roundTrip(new Custom(1234, "label"));
        System.out.println("custom secret " + cu.secret + " label " + cu.label);
        Ext e = (Ext) roundTrip(new Ext(21));
        System.out.println("externalizable x " + e.x + " y " + e.y);
        System.out.println("readResolve singleton " + (roundTrip(Singleton.INSTANCE) == Singleton.INSTANCE));
        try { write(new HasNotSer()); } catch (NotSerializableException ex) { System.out.println("NotSerializableException " + ex.getMessage()); }
        Derived d = new Derived();
        d.baseField = 5; d.own = 9;
        Derived d2 = (Derived) roundTrip(d);
        System.out.println("non-serializable superclass: baseField " + d2.baseField + " (constructor ran) own " + d2.own);
        Object[] mixed = { new int[] { 1, 2, 3 }, new String[][] { { "x" }, { "y", "z" } }, Color.GREEN, 42L, 'c', null, new Date(0L) };
        Object[] m2 = (Object[]) roundTrip(mixed);
        System.out.println("arrays " + Arrays.deepToString(m2) + " enum identity " + (m2[2] == Color.GREEN));
        Map<String, List<Integer>> map = new TreeMap<>();
        map.put("one", new ArrayList<>(List.of(1)));
        map.put("two", new LinkedList<>(List.of(2, 2)));
        HashMap<String, Object> hm = new HashMap<>();
        hm.put("map", map); hm.put("set", new TreeSet<>(Set.of("q", "p"))); hm.put("deque", new ArrayDeque<>(List.of(3, 4)));
        Object hm2 = roundTrip(hm);
        System.out.println("collections " + new TreeMap<>((Map<?, ?>) hm2) + " equal " + hm.toString().length() + "=" + hm2.toString().length());
        System.out.println("immutable collections " + roundTrip(List.of(1, 2, 3)) + " " + roundTrip(Map.of("k", "v")) + " " + roundTrip(Collections.unmodifiableList(new ArrayList<>(List.of("u")))));
        Point p = (Point) roundTrip(new Point(3, 4));
        System.out.println("record " + p.x() + "," + p.y() + " equals " + p.equals(new Point(3, 4)));
        // A record's canonical constructor validates on deserialization: patch the stream
        byte[] rb = write(new Point(7, 8));
        int idx = indexOfInt(rb, 7);
        rb[idx] = (byte) 0xFF; rb[idx + 1] = (byte) 0xFF; rb[idx + 2] = (byte) 0xFF; rb[idx + 3] = (byte) 0xFF;
        try { read(rb); System.out.println("patched record accepted?"); }
        catch (InvalidObjectException ex) { System.out.println("record validation: InvalidObjectException " + ex.getMessage()); }
        // Corrupt stream header
        byte[] bad = write("x");
        bad[0] = 0;
        try { read(bad); } catch (StreamCorruptedException ex) { System.out.println("StreamCorruptedException " + ex.getMessage()); }
        // Strings and boxed values keep equality
        System.out.println("string " + roundTrip("héllo \uD83D\uDE00") + " boxed " + roundTrip(Integer.valueOf(1000)) + " " + roundTrip(Double.valueOf(-0.0)) + " bigdecimal " + roundTrip(new java.math.BigDecimal("1.50")));
        System.out.println("stream length for a small string " + write("abc").length + " for Prims " + pb.length);
    }
    static int indexOfInt(byte[] b, int v) {
        for (int i = b.length - 8; i >= 0; i--) if (b[i] == 0 && b[i + 1] == 0 && b[i + 2] == 0 && b[i + 3] == v) return i;
        return -1;
    }
}
