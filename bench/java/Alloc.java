// VMOPTIONS: -Xmx64m
// Interpreter benchmark: allocation and garbage collection — binary trees built and
// dropped (many small short-lived objects) alongside a long-lived tree, plus arrays.
// Run with -Xmx64m so the collector works hard.
public class Alloc {
    static final class Node {
        Node left, right;
        Node(Node l, Node r) { left = l; right = r; }
        int check() { return left == null ? 1 : 1 + left.check() + right.check(); }
    }
    static Node build(int depth) { return depth == 0 ? new Node(null, null) : new Node(build(depth - 1), build(depth - 1)); }

    public static void main(String[] args) {
        Node longLived = build(16);
        long total = 0;
        for (int depth = 4; depth <= 16; depth += 2) {
            int iterations = 1 << (16 - depth + 2);
            for (int i = 0; i < iterations; i++) total += build(depth).check();
        }
        int arrays = 0;
        for (int i = 0; i < 100_000; i++) { int[] a = new int[i % 100 + 1]; a[0] = i; arrays += a.length; }
        System.out.println(total + " " + arrays + " " + longLived.check());
    }
}
