// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetObjectSize. The size is implementation-specific, so only properties the spec's
// "approximation of the amount of storage consumed" implies are printed: every size is
// positive, stays the same for an object, is the same for objects of one class, grows
// with an array's length and element size and with a class's fields, and an array holds
// at least its elements' bytes, and arrays differing in length differ by exactly the
// elements' bytes (layout sizes, not allocator cells). Then the errors INVALID_OBJECT, NULL_POINTER and
// WRONG_PHASE.
public class ObjectSize {
    static native long size(Object o);
    static native void errors(Object o);

    static final class Point { int x, y; }

    static final class Wide { long a, b, c, d, e, f, g, h, i, j; }

    static void show(String what, boolean ok) { System.out.println(what + ": " + ok); }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Object o = new Object();
        Point p1 = new Point(), p2 = new Point();
        Object[] all = {o, p1, new Wide(), "a string", ObjectSize.class, new int[0], new Object[3], new byte[1 << 20]};
        boolean positive = true;
        for (Object x : all) positive &= size(x) > 0;
        show("all sizes positive", positive);
        show("size of an object is stable", size(p1) == size(p1));
        System.gc();
        show("stable across a collection", size(p1) == size(p1));
        show("objects of one class have one size", size(p1) == size(p2));
        show("a class with ten long fields is larger than Object", size(new Wide()) > size(o));
        show("Wide holds at least 80 bytes of fields", size(new Wide()) >= 80);
        show("int[0] <= int[10]", size(new int[0]) <= size(new int[10]));
        show("int[10] <= int[100]", size(new int[10]) <= size(new int[100]));
        show("int[100] < int[1000]", size(new int[100]) < size(new int[1000]));
        show("int[1000] holds 4000 bytes", size(new int[1000]) >= 4000);
        show("long[100] > int[100]", size(new long[100]) > size(new int[100]));
        show("byte[1 MiB] holds 1 MiB", size(new byte[1 << 20]) >= (1 << 20));
        show("Object[1] < Object[100]", size(new Object[1]) < size(new Object[100]));
        // Layout sizes, as java.lang.instrument users compare them: the elements' bytes
        // exactly, whatever the allocator's rounding.
        show("int[200] is 400 bytes larger than int[100]", size(new int[200]) - size(new int[100]) == 400);
        show("long[101] is 808 bytes larger than long[0]", size(new long[101]) - size(new long[0]) == 808);
        show("byte[1000] is 992 bytes larger than byte[8]", size(new byte[1000]) - size(new byte[8]) == 992);
        show("sizes are multiples of 8", size(new byte[3]) % 8 == 0 && size(p1) % 8 == 0);
        errors(o);
    }
}
