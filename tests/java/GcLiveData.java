// VMOPTIONS: -Xmx24m
// Linked structures that survive many collections: a binary search tree, a doubly
// linked ring, a HashMap of strings, a cyclic object graph, arrays whose elements are
// replaced by young objects, and objects reachable only from static fields, another
// thread's stack, and a ThreadLocal; all verified after heavy garbage production.
import java.util.HashMap;
import java.util.Map;

public class GcLiveData {
    static final class Tree {
        final int key; Tree left, right; final byte[] payload;
        Tree(int key) { this.key = key; payload = new byte[Math.floorMod(key, 50)]; if (payload.length > 0) payload[payload.length - 1] = (byte) key; }
    }
    static final class Ring { int id; Ring prev, next; Ring(int id) { this.id = id; } }
    static final class Cyclic { Cyclic a, b; String tag; Cyclic(String t) { tag = t; } }

    static Tree staticRoot;
    static final ThreadLocal<int[]> TL = new ThreadLocal<>();

    static Tree insert(Tree t, int key) {
        if (t == null) return new Tree(key);
        if (key < t.key) t.left = insert(t.left, key); else if (key > t.key) t.right = insert(t.right, key);
        return t;
    }
    static long checkTree(Tree t, int[] count) {
        if (t == null) return 0;
        count[0]++;
        long s = t.key + (t.payload.length > 0 ? t.payload[t.payload.length - 1] : 0);
        return s + checkTree(t.left, count) + checkTree(t.right, count);
    }
    static long garbage(int rounds) {
        long s = 0;
        for (int r = 0; r < rounds; r++) {
            Object[] junk = new Object[100];
            for (int i = 0; i < junk.length; i++) junk[i] = new long[i % 20 + 1];
            s += ((long[]) junk[r % 100]).length;
            String str = new StringBuilder().append(r).append("-garbage").toString();
            s += str.length();
            byte[] big = new byte[20000];
            s += big.length;
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        // Tree with pseudo-random keys
        Tree root = null;
        int x = 12345;
        for (int i = 0; i < 20000; i++) { x = x * 1103515245 + 12345; root = insert(root, (x >>> 8) % 100000); }
        staticRoot = new Tree(-1);
        staticRoot.left = new Tree(-2);
        // Ring
        Ring head = new Ring(0), cur = head;
        for (int i = 1; i < 5000; i++) { Ring n = new Ring(i); cur.next = n; n.prev = cur; cur = n; }
        cur.next = head; head.prev = cur;
        // Map
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < 5000; i++) map.put("key" + i, "value" + (i * 7));
        // Cycle
        Cyclic c1 = new Cyclic("c1"), c2 = new Cyclic("c2"), c3 = new Cyclic("c3");
        c1.a = c2; c2.a = c3; c3.a = c1; c1.b = c1; c2.b = c1; c3.b = c2;
        // Array whose elements get replaced with young objects over time
        Object[] mixed = new Object[1000];
        for (int i = 0; i < mixed.length; i++) mixed[i] = Integer.valueOf(i);
        TL.set(new int[] { 4, 5, 6 });
        // Another thread keeps a structure alive only on its stack
        final long[] threadResult = new long[1];
        final Object gate = new Object();
        final boolean[] go = { false };
        Thread holder = new Thread(new Runnable() {
            public void run() {
                int[][] local = new int[200][];
                for (int i = 0; i < local.length; i++) { local[i] = new int[50]; local[i][49] = i; }
                synchronized (gate) { while (!go[0]) { try { gate.wait(); } catch (InterruptedException e) { return; } } }
                long s = 0;
                for (int[] a : local) s += a[49];
                threadResult[0] = s;
            }
        });
        holder.start();

        long g = 0;
        for (int phase = 0; phase < 20; phase++) {
            g += garbage(400);
            for (int i = phase; i < mixed.length; i += 20) mixed[i] = new StringBuilder("young-").append(i).toString();
            if (phase % 5 == 0) System.gc();
        }
        synchronized (gate) { go[0] = true; gate.notifyAll(); }
        holder.join();

        int[] count = { 0 };
        long treeSum = checkTree(root, count);
        System.out.println("tree checksum " + treeSum + " nodes " + count[0]);
        System.out.println("static tree " + staticRoot.key + " " + staticRoot.left.key);
        int ringCount = 0; long ringSum = 0; Ring r = head;
        do { ringCount++; ringSum += r.id; if (r.next.prev != r) System.out.println("ring broken at " + r.id); r = r.next; } while (r != head);
        System.out.println("ring " + ringCount + " sum " + ringSum);
        long mapSum = 0;
        for (int i = 0; i < 5000; i++) mapSum += Integer.parseInt(map.get("key" + i).substring(5));
        System.out.println("map " + map.size() + " sum " + mapSum);
        System.out.println("cycle " + c1.a.a.a.tag + " " + c3.b.b.tag + " " + c2.b.a.tag);
        int strings = 0, ints = 0;
        for (Object o : mixed) { if (o instanceof String) strings++; else if (o instanceof Integer) ints++; }
        System.out.println("mixed strings " + strings + " ints " + ints + " sample " + mixed[999] + " " + mixed[0]);
        System.out.println("thread-local " + java.util.Arrays.toString(TL.get()) + " thread stack sum " + threadResult[0]);
        System.out.println("garbage " + g);
    }
}
