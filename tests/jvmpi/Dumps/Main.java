// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Dumps: a few objects with known contents for HEAP_DUMP (levels 0, 1, 2) and
// OBJECT_DUMP, parsed back by the agent.
public class Main {
    static native void dump(Object n1, Object arr, Object nodes);

    public static void main(String[] args) {
        System.loadLibrary("jvmpitest");
        Node n3 = new Node(3, 300L, null, "three");
        Node n2 = new Node(2, 200L, n3, "two");
        Node n1 = new Node(1, 100L, n2, "one");
        Node.head = n1;
        int[] arr = {10, 20, 30};
        Node[] nodes = {n1, n2, n3};
        dump(n1, arr, nodes);
        System.out.println(n1.id + arr[0] + nodes.length);
    }
}

class Node implements Comparable<Node>, java.io.Serializable {
    static Node head;
    static int count = 7;
    int id;
    long big;
    Node next;
    String name;

    Node(int id, long big, Node next, String name) {
        this.id = id;
        this.big = big;
        this.next = next;
        this.name = name;
    }

    public int compareTo(Node o) {
        return id - o.id;
    }
}
