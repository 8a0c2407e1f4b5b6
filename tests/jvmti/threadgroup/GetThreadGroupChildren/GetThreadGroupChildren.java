// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI GetThreadGroupChildren: a group's started live threads and its direct child
// groups, as they change.
import java.util.concurrent.CountDownLatch;

public class GetThreadGroupChildren {
    static native void children(String what, ThreadGroup g);
    static native void errors(Object notGroup, ThreadGroup g);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        ThreadGroup parent = new ThreadGroup("gtgc parent");
        children("empty", parent);
        ThreadGroup childA = new ThreadGroup(parent, "gtgc child a");
        ThreadGroup childB = new ThreadGroup(parent, "gtgc child b");
        new ThreadGroup(childA, "gtgc grandchild");
        CountDownLatch release = new CountDownLatch(1);
        Runnable r = () -> { try { release.await(); } catch (InterruptedException e) { } };
        Thread t1 = new Thread(parent, r, "gtgc thread 1");
        Thread t2 = new Thread(parent, r, "gtgc thread 2");
        new Thread(parent, r, "gtgc not started");
        Thread inChild = new Thread(childB, r, "gtgc thread in child b");
        t1.start();
        t2.start();
        inChild.start();
        children("two threads, two groups", parent);
        children("child b", childB);
        release.countDown();
        t1.join();
        t2.join();
        inChild.join();
        childB.destroy();
        children("threads ended, child b destroyed", parent);
        errors("not a group", parent);
    }
}
