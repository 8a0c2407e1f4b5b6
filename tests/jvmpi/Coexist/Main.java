// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Coexist: 100 calls and 10 allocations seen by a JVMPI agent, a JVMTI agent and the
// JDWP agent in one VM.
public class Main {
    public static void main(String[] args) {
        Worker w = null;
        for (int i = 0; i < 100; i++) {
            if (i % 10 == 0) w = new Worker();
            w.work(i);
        }
        System.out.println("done " + w.acc);
    }
}

class Worker {
    int acc;

    void work(int i) {
        acc += i;
    }
}
