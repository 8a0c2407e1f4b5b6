// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI IterateThroughHeap, IterateOverHeap, IterateOverInstancesOfClass (see agent.c).
interface Iface { int K = 5; }
class Base { int b = 11; }
class Node extends Base implements Iface {
    static int si = 7;
    static String sname = "static";
    int i; long l; double d; boolean z; char c; byte by; short sh; float f;
    Node next;
    Node(int i) { this.i = i; l = 1L << 40; d = 2.5; z = true; c = 'x'; by = -3; sh = 300; f = 1.5f; }
}
class SubNode extends Node { int extra = 99; SubNode() { super(4); } }

public class IterateThroughHeap {
    static native void run(Class<?> node, Object[] tagged, Object notAClass);
    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Node a = new Node(1), b = new Node(2), c = new Node(3);
        SubNode s = new SubNode();
        Node u1 = new Node(10), u2 = new Node(11);
        a.next = b;
        String str = new String("h\u00e9llo");
        String wide = new String("\u4e2d\u6587");
        int[] ints = {3, 1, 4, 1, 5};
        Object[] tagged = {a, b, c, s, str, wide, ints};
        run(Node.class, tagged, str);
        System.out.println(u1.i + u2.i);
    }
}
