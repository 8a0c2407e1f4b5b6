// VMOPTIONS: -Xmx16m
// Garbage referenced only from Java stack slots that no longer hold a variable: the
// collector types a frame's slots at its current bytecode and knows which are read again
// (tests/unit/test_oopmap.c checks those maps). The cases here are those HotSpot's
// interpreter collects too, so the outcome is the same on both VMs: a slot holding a
// reference on some paths only: a variable of a loop body after the loop, of a branch
// after it, of a try block in its handler. First the program a user hit: link objects
// until OutOfMemoryError, catch it, collect, allocate as much again. (Slots not assigned
// yet, which may hold what an earlier frame left there, are skipped too; the unit test
// checks that: here the VM's conservatively scanned C stack may hold the same object.)
import java.lang.ref.WeakReference;

public class GcDeadLocals {
    static final class Node {
        Node next;
        long a, b, c;
        Node(Node next) { this.next = next; }
    }

    static int linked;
    static Object sink;
    static WeakReference<Object> weak;

    static void outOfMemoryAndOn() {
        // Every call below linked now: linking a call in HotSpot takes heap memory.
        System.gc();
        allocateAgain();
        started();
        boolean caught = false;
        try {
            int n = 0;
            started(); // may throw: the handler is reachable while `head` does not exist yet
            Node head = null;
            while (true) {
                head = new Node(head);
                linked = ++n;
            }
        } catch (OutOfMemoryError e) {
            caught = true;
        }
        System.gc();
        System.out.println("OutOfMemoryError caught: " + caught + ", allocated again: " + allocateAgain());
    }

    static void started() {
        linked = 0;
    }

    static boolean allocateAgain() {
        Node again = null;
        int n = linked * 3 / 4;
        for (int i = 0; i < n; i++) again = new Node(again);
        int count = 0;
        for (Node p = again; p != null; p = p.next) count++;
        return count == n && n > 1000;
    }

    static boolean collected() {
        System.gc();
        return weak.get() == null;
    }

    static void loopBody() {
        for (int i = 0; i < 3; i++) {
            byte[] big = new byte[1 << 20];
            big[i] = 1;
            weak = new WeakReference<>(big);
        }
        System.out.println("variable of a loop body, after the loop: collected " + collected());
    }

    static void oneBranch(boolean take) {
        if (take) {
            int[] big = new int[1 << 18];
            weak = new WeakReference<>(big);
            sink = big.length;
        }
        System.out.println("variable of a branch, after it: collected " + collected());
    }

    static void liveAfterLoop() {
        byte[] big = new byte[1 << 20];
        weak = new WeakReference<>(big);
        for (int i = 0; i < 3; i++) big[i] = (byte) i;
        System.out.println("variable read after the collection: collected " + collected() + " " + big[2]);
    }

    public static void main(String[] args) {
        outOfMemoryAndOn();
        loopBody();
        oneBranch(true);
        liveAfterLoop();
        sink = null;
    }
}
