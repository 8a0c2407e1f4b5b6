// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI heap-function benchmark (bench/heapcost, agent bench/agents/heapcost.c): a heap of
// one million small objects — a binary tree of Nodes, each also held by one array — handed
// to the agent's native HeapCost.measure, which times tags, heap iteration and the
// reference walk and prints one "NAME VALUE UNIT" line per measurement.
public class HeapCost {
    static final class Node {
        Node left, right;
        int value;
    }

    static native void measure(Object[] objs, Object[] dead1, Object[] dead2);

    static Object[] keep;
    static Node root;

    public static void main(String[] args) {
        System.load(System.getProperty("heapcost.agent"));
        int n = 1_000_000;
        keep = new Object[n];
        Node[] nodes = new Node[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = new Node();
            nodes[i].value = i;
            keep[i] = nodes[i];
        }
        for (int i = 0; i < n; i++) {
            if (2 * i + 1 < n) nodes[i].left = nodes[2 * i + 1];
            if (2 * i + 2 < n) nodes[i].right = nodes[2 * i + 2];
        }
        root = nodes[0];
        nodes = null;
        Object[] dead1 = new Object[1000], dead2 = new Object[1000];
        for (int i = 0; i < 1000; i++) {
            dead1[i] = new Node();
            dead2[i] = new Node();
        }
        measure(keep, dead1, dead2);
    }
}
