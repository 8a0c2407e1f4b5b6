// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMObjectAlloc for objects the VM allocates without a bytecode: clone, Array.newInstance,
// reflective construction; none for new/newarray.
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;

public class VMObjectAlloc {
    static native void record(boolean on);

    static class Point implements Cloneable {
        int x, y;
        public Point() {}
        Point copy() throws CloneNotSupportedException { return (Point) clone(); }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Constructor<Point> ctor = Point.class.getConstructor();
        int[] ints = {1, 2, 3};
        Point p = new Point();
        record(true);
        Object o1 = new Point();             // bytecode: no event
        Object o2 = new long[4];             // bytecode: no event
        int[] c1 = ints.clone();
        Point c2 = p.copy();
        Object a1 = Array.newInstance(String.class, 3);
        Object a2 = Array.newInstance(int.class, 2, 3);
        Point r = ctor.newInstance();
        record(false);
        System.out.println("done " + c1.length + " " + (c2 != p) + " " + Array.getLength(a1) + " " + Array.getLength(a2) + " " + (r != null) + " " + (o1 != o2));
    }
}
