// VMOPTIONS: -Xmx32m
// Collector benchmark: collections while threads are deep in recursion (3000 frames
// each, references in locals, some dead, and on operand stacks), so that a pause is
// mostly stack scanning: the cost of typing every frame's slots (the collector's stack
// maps) against scanning them conservatively.
public class DeepGc {
    static final class Cell {
        final int v;
        Cell next;
        Cell(int v, Cell next) { this.v = v; this.next = next; }
    }

    static volatile long sink;

    static long churn(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            Object[] o = new Object[16];
            o[i & 15] = new Cell(i, null);
            s += o.length;
        }
        return s;
    }

    static long down(int depth, Cell arg, int work) {
        Cell live = new Cell(depth, arg);
        Cell dead = new Cell(-depth, null);
        sink += dead.v;
        if (depth == 0) return churn(work) + live.v;
        return sum(live, down(depth - 1, live, work)) + arg.v;
    }

    static long sum(Cell c, long below) { return c.v + below; }

    public static void main(String[] args) throws Exception {
        long[] other = new long[1];
        Thread t = new Thread(() -> {
            long s = 0;
            for (int i = 0; i < 20; i++) s += down(3000, new Cell(i, null), 100_000);
            other[0] = s;
        });
        t.start();
        long s = 0;
        for (int i = 0; i < 20; i++) s += down(3000, new Cell(i, null), 100_000);
        t.join();
        System.out.println(s + " " + other[0]);
    }
}
