// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The cost of JVMTI events of executing code (bench/toolevents.sh, with the agent
// bench/agents/events.c): a workload runs ROUNDS rounds on the main thread; each round's
// thread CPU time and the number of events the agent counted during it are measured, and
// the median round is printed as "<cpu ns per round> <events per round>". Run without the
// agent the same program gives the baseline, so (with - without) / events is the cost of
// one event over the program's own run.
//
//   java ToolEvents WORKLOAD [ROUNDS]
//
// Workloads:
//   calls     a tiny static method called in a loop (MethodEntry + MethodExit: 2 per call)
//   loop      an arithmetic loop, 7 bytecodes per iteration (SingleStep)
//   bp        a method whose first instruction holds a breakpoint, called in a loop
//   access    an instance field read in a loop (FieldAccess watch on Holder.value)
//   modify    an instance field written in a loop (FieldModification watch on Holder.value)
//   fields    field and array work on fields no one watches (Holder.other is watched)
//   twothreads  the loop workload on main while a thread named "stepped" runs the same
//             loop without end (the agent single-steps that thread only)
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

public class ToolEvents {
    static class Holder {
        int value;
        int other; /* watched in "fields": never touched by the workloads */
        int a, b;
        long total;
        double[] vec = new double[64];
    }

    /* The agent's event counter; 0 without the agent. */
    static native long count();

    static boolean haveAgent = true;

    static long events() {
        if (!haveAgent) return 0;
        try {
            return count();
        } catch (UnsatisfiedLinkError e) {
            haveAgent = false;
            return 0;
        }
    }

    static int leaf(int i) { return i + 1; }

    static int bpTarget(int i) { return i ^ 5; }

    static volatile boolean stop;
    static int sink;

    static int loop(int n) {
        int x = 0;
        for (int i = 0; i < n; i++) x += i ^ 3;
        return x;
    }

    static int run(String w, Holder h) {
        int s = 0;
        switch (w) {
        case "calls":
            for (int i = 0; i < 1_000_000; i++) s += leaf(i);
            break;
        case "loop":
        case "twothreads":
            s = loop(1_000_000);
            break;
        case "bp":
            for (int i = 0; i < 1_000_000; i++) s += bpTarget(i);
            break;
        case "access":
            for (int i = 0; i < 1_000_000; i++) s += h.value;
            break;
        case "modify":
            for (int i = 0; i < 1_000_000; i++) h.value = i;
            break;
        case "fields":
            for (int i = 0; i < 2_000_000; i++) {
                h.a += i;
                h.b ^= h.a;
                h.total += h.b & 0xff;
                h.vec[i & 63] += 1.0;
            }
            s = (int) h.total;
            break;
        default:
            throw new IllegalArgumentException(w);
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        String w = args[0];
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Holder h = new Holder();
        Thread other = null;
        if (w.equals("twothreads")) {
            other = new Thread(() -> { while (!stop) sink += loop(100_000); }, "stepped");
            other.setDaemon(true);
            other.start();
        }
        run(w, h); /* warm-up: classes loaded, instructions quickened, HotSpot's JIT at work */
        long[] cpu = new long[rounds], ev = new long[rounds];
        for (int r = 0; r < rounds; r++) {
            long e0 = events(), t0 = mx.getCurrentThreadCpuTime();
            sink += run(w, h);
            long t1 = mx.getCurrentThreadCpuTime(), e1 = events();
            cpu[r] = t1 - t0;
            ev[r] = e1 - e0;
        }
        stop = true;
        if (other != null) other.join();
        java.util.Arrays.sort(cpu);
        java.util.Arrays.sort(ev);
        System.out.println(cpu[rounds / 2] + " " + ev[rounds / 2]);
    }
}
