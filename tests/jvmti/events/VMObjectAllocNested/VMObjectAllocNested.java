// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMObjectAlloc is not sent for allocations made inside a VMObjectAlloc callback (agent.c).
import java.lang.reflect.Array;

public class VMObjectAllocNested {
    static native void record(boolean on);

    static int calls;

    // Called by the agent's VMObjectAlloc callback: VM allocations that would be
    // reported anywhere else.
    static Object inCallback(Object o) {
        calls++;
        int[] copy = ((int[]) o).clone();
        Object made = Array.newInstance(int.class, 2);
        return copy.length + Array.getLength(made) > 0 ? copy : null;
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        int[] a = {1, 2, 3};
        long[] l = {4};
        record(true);
        int[] b = a.clone();
        long[] m = l.clone();
        int[] c = b.clone();
        record(false);
        System.out.println("calls " + calls + ", lengths " + b.length + " " + m.length + " " + c.length);
    }
}
