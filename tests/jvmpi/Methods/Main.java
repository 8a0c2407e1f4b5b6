// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Methods: calls with known counts for METHOD_ENTRY/ENTRY2/EXIT and GetCallTrace.
public class Main {
    static int sink;

    public static void main(String[] args) {
        Worker w = new Worker();
        for (int i = 0; i < 1000; i++) w.work(i);
        for (int i = 0; i < 500; i++) sink += Worker.helper(i);
        for (int i = 0; i < 10; i++) {
            try {
                w.fail(i);
            } catch (IllegalStateException e) {
                sink++;
            }
        }
        Worker.deep(5);
        Worker.nativeCall();
        System.out.println("done");
    }
}

class Worker {
    int acc;

    void work(int i) {
        acc += i;
    }

    static int helper(int i) {
        return i * 2;
    }

    void fail(int i) {
        throw new IllegalStateException("no " + i);
    }

    static void deep(int n) {
        if (n > 0)
            deep(n - 1);
        else
            leaf();
    }

    static void leaf() {
        int x = 1;
    }

    static void nativeCall() {
        Thread.currentThread().getName();
        System.identityHashCode(null);
    }
}
