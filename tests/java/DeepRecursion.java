// Deep but bounded recursion that must not overflow a default-sized stack: linear
// recursion 3000 deep with several kinds of frames (static, virtual, interface,
// synchronized, with long/double arguments, through an exception handler), mutual
// recursion, Ackermann, and recursive data-structure walks.
public class DeepRecursion {
    static int linear(int n) { return n == 0 ? 0 : 1 + linear(n - 1); }
    static long withWide(long a, double b, int n) { return n == 0 ? a + (long) b : withWide(a + 1, b * 1.0001, n - 1); }
    static synchronized int syncRec(int n) { return n == 0 ? 0 : syncRec(n - 1) + 2; }
    int virt(int n) { return n == 0 ? 0 : virt(n - 1) + 3; }
    interface R { int go(int n); }
    static class RImpl implements R { public int go(int n) { return n == 0 ? 0 : go(n - 1) + 4; } }
    static int viaHandler(int n) {
        try { if (n == 0) throw new IllegalStateException("bottom"); return viaHandler(n - 1) + 1; }
        catch (IllegalStateException e) { if (n == 0) return 0; throw e; }
    }
    static int isEven(int n) { return n == 0 ? 1 : isOdd(n - 1); }
    static int isOdd(int n) { return n == 0 ? 0 : isEven(n - 1); }
    static int ackermann(int m, int n) {
        if (m == 0) return n + 1;
        if (n == 0) return ackermann(m - 1, 1);
        return ackermann(m - 1, ackermann(m, n - 1));
    }
    static final class Node { final int v; final Node next; Node(int v, Node next) { this.v = v; this.next = next; } }
    static long sumList(Node n) { return n == null ? 0 : n.v + sumList(n.next); }
    static int depthOfFinally(int n, int[] count) {
        try { return n == 0 ? 0 : depthOfFinally(n - 1, count) + 1; }
        finally { count[0]++; }
    }
    static long hanoi(int n, int from, int to, int via) { return n == 0 ? 0 : hanoi(n - 1, from, via, to) + 1 + hanoi(n - 1, via, to, from); }

    public static void main(String[] args) throws Exception {
        System.out.println("linear " + linear(3000));
        System.out.println("wide " + withWide(1, 2.0, 2000));
        System.out.println("sync " + syncRec(2000));
        System.out.println("virtual " + new DeepRecursion().virt(2500));
        System.out.println("interface " + new RImpl().go(2500));
        System.out.println("through handlers " + viaHandler(1500));
        System.out.println("mutual " + isEven(3001) + " " + isEven(3000));
        System.out.println("ackermann(2,3) " + ackermann(2, 3) + " ackermann(3,3) " + ackermann(3, 3));
        Node list = null;
        for (int i = 0; i < 2000; i++) list = new Node(i, list);
        System.out.println("list sum " + sumList(list));
        int[] count = { 0 };
        System.out.println("finally depth " + depthOfFinally(1500, count) + " finallies " + count[0]);
        System.out.println("hanoi(16) moves " + hanoi(16, 1, 3, 2));
        // The same depth in a new thread with an explicit (generous) stack size
        final int[] r = new int[1];
        Thread t = new Thread(null, new Runnable() { public void run() { r[0] = linear(5000); } }, "deep", 8L << 20);
        t.start();
        t.join();
        System.out.println("thread with 8 MB stack " + r[0]);
        // Recursion through reflection (each level adds native frames too)
        java.lang.reflect.Method m = DeepRecursion.class.getDeclaredMethod("linear", int.class);
        System.out.println("reflective entry " + m.invoke(null, 1000));
    }
}
