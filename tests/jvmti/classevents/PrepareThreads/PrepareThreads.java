// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassPrepare and threads: when two threads link a class at once, it is posted once,
// and neither thread runs the class's code (its <clinit>) before the callback has
// returned (the agent's callback takes a while); an agent that initializes the class
// from inside its ClassPrepare callback (JNI GetStaticIntField) links it again on the
// same thread without waiting for itself.
import java.util.concurrent.CountDownLatch;

public class PrepareThreads {
    static native void enable(boolean on);
    static native void mark(String what);
    static native void report();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        enable(true);
        CountDownLatch go = new CountDownLatch(1);
        Runnable r = () -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
            new Racy();
        };
        Thread a = new Thread(r, "A"), b = new Thread(r, "B");
        a.start();
        b.start();
        go.countDown();
        a.join();
        b.join();
        System.out.println("Reentrant.value = " + Reentrant.value);
        enable(false);
        report();
    }
}

class Racy {
    static { PrepareThreads.mark("Racy.<clinit>"); }
}

class Reentrant {
    static int value = 42;
    static { PrepareThreads.mark("Reentrant.<clinit>"); }
}
