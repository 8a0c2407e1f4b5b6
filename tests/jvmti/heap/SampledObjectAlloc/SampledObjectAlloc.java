// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI SampledObjectAlloc and SetHeapSamplingInterval (see agent.c).
public class SampledObjectAlloc {
    static native void window(int which);
    static native void setInterval(int bytes);
    static native void report();

    static class Foo {
        int x;
    }

    static Object sink;

    static void allocateSome() {
        sink = new Foo();
        sink = new int[10];
        sink = new Foo[3];
        sink = new int[2][3];
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        // Classes and array classes first: their creation allocates too.
        sink = new Foo();
        sink = new Foo[0];
        sink = new int[0][0];
        window(1);
        allocateSome();
        window(0);

        // The default-sized interval on average: 64 MB in 1 KB arrays by another thread.
        setInterval(512 * 1024);
        Thread t = new Thread(() -> {
            window(2);
            for (int i = 0; i < 65536; i++) sink = new byte[1000];
            window(0);
        }, "allocator");
        t.start();
        t.join();
        report();
    }
}
