// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI FollowReferences, IterateOverReachableObjects, IterateOverObjectsReachableFromObject (see agent.c).
class Leaf { int v; Leaf(int v) { this.v = v; } }
class Holder {
    static Holder root;
    int x = 42;
    Leaf a;
    Leaf[] arr;
    Object self;
    String name = new String("holder");
}

public class FollowReferences {
    static native void setup(Holder h, Leaf onStack, Object global, Object notAClass);
    static native void follow(Holder h);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Holder h = new Holder();
        h.a = new Leaf(1);
        h.arr = new Leaf[] {null, h.a, new Leaf(2)};
        h.self = h;
        Holder.root = h;
        Leaf onStack = new Leaf(3);
        setup(h, onStack, new Leaf(4), "x");
        h = null;
        follow(null);
        System.out.println(onStack.v);
    }
}
