// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI tags on many objects of every size, from several threads at once while other
// threads collect, and ObjectFree for the dead among many live tagged objects (see
// agent.c).
public class TagsMany {
    static native void run(Object[] objs);
    static native void iterate(Object[] objs);
    static native void beforeFree(Object[] objs);
    static native void afterFree(Object[] objs);
    static native boolean hammer(Object[] objs, int id);
    static native void forceGC();
    static native boolean mostFreed();

    static Object make(int i) {
        switch (i % 6) {
        case 0: return new Object();
        case 1: return new int[i % 7];
        case 2: return "s" + i;
        case 3: return new long[40 + i % 100];
        case 4: return i % 97 == 0 ? new long[1200] : new byte[3]; // some large objects
        default: return new Object[2];
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Object[] objs = new Object[30000];
        for (int i = 0; i < objs.length; i++) objs[i] = make(i);
        run(objs);
        iterate(objs);

        // Four threads tag and check their own objects over and over while the main
        // thread makes garbage and collects.
        Thread[] ts = new Thread[4];
        boolean[] ok = new boolean[ts.length];
        for (int k = 0; k < ts.length; k++) {
            final int id = k;
            final Object[] mine = new Object[5000];
            for (int i = 0; i < mine.length; i++) mine[i] = make(i + id);
            ts[k] = new Thread(() -> ok[id] = hammer(mine, id));
            ts[k].start();
        }
        boolean running = true;
        Object[] junk = new Object[1000];
        for (int round = 0; running; round++) {
            for (int i = 0; i < junk.length; i++) junk[i] = make(i);
            if (round % 20 == 0) System.gc();
            running = false;
            for (Thread t : ts) running |= t.isAlive();
        }
        for (Thread t : ts) t.join();
        for (int k = 0; k < ts.length; k++) System.out.println("thread " + k + " saw its own tags: " + ok[k]);

        beforeFree(objs);
        for (int i = 0; i < objs.length; i += 2) objs[i] = null;
        forceGC();
        forceGC();
        // HotSpot posts ObjectFree from its service thread, some time after the collection
        // (a fixed 300 ms need not be enough on a loaded machine): up to 30 s for the events
        // afterFree requires, then 300 ms for any more.
        for (int i = 0; i < 3000 && !mostFreed(); i++) Thread.sleep(10);
        Thread.sleep(300);
        afterFree(objs);
    }
}
