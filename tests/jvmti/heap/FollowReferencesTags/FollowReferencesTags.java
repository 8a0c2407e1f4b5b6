// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI FollowReferences: tags the callbacks change through tag_ptr and referrer_tag_ptr
// are what later callbacks see (see agent.c).
class Base { Object b1; int pad; Object b2; }
interface Marker { int K = 7; }
class Node extends Base implements Marker {
    Object n1;
    long x;
    Object self;
    Object[] arr;
}

public class FollowReferencesTags {
    static native void follow(Node n, Object leaf1, Object leaf2, Object leaf3, Object[] arr);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Node n = new Node();
        n.b1 = new Object();
        n.b2 = new Node();        // a Node with null fields
        n.n1 = new String("leaf3");
        n.self = n;
        n.arr = new Object[] {n.b1, null, n, n.n1};
        follow(n, n.b1, n.b2, n.n1, n.arr);
    }
}
