// Signals through sun.misc.Signal: JVM_FindSignal (known and unknown names),
// JVM_RegisterSignal (previous handlers, signals the VM keeps: QUIT, SEGV, KILL),
// JVM_RaiseSignal and the "Signal Dispatcher" daemon thread that runs Java handlers
// (each in a new "SIGxxx handler" thread), and the shutdown path: raising TERM runs the
// JDK's own TERM handler, which exits with 128+15 after the shutdown hooks.
import java.util.concurrent.CountDownLatch;
import sun.misc.Signal;
import sun.misc.SignalHandler;

public class Signals {
    public static void main(String[] args) throws Exception {
        CountDownLatch got = new CountDownLatch(2);
        SignalHandler h = s -> {
            Thread t = Thread.currentThread();
            System.out.println("handled " + s.getName() + " (" + s.getNumber() + ") on \"" + t.getName()
                + "\" daemon=" + t.isDaemon() + " priority=" + t.getPriority());
            got.countDown();
        };
        SignalHandler old = Signal.handle(new Signal("USR1"), h);
        System.out.println("previous USR1 handler is SIG_DFL: " + (old == SignalHandler.SIG_DFL));
        Signal.raise(new Signal("USR1"));
        Signal.raise(new Signal("USR1"));
        got.await();
        System.out.println("re-register returns the Java handler: " + (Signal.handle(new Signal("USR1"), SignalHandler.SIG_IGN) == h));
        System.out.println("then SIG_IGN: " + (Signal.handle(new Signal("USR1"), SignalHandler.SIG_DFL) == SignalHandler.SIG_IGN));
        try {
            Signal.raise(new Signal("USR1"));
        } catch (IllegalArgumentException e) {
            System.out.println("raise without Java handler: " + e.getMessage());
        }

        for (String name : new String[] { "QUIT", "SEGV", "KILL" }) {
            try {
                Signal.handle(new Signal(name), h);
                System.out.println(name + ": accepted");
            } catch (IllegalArgumentException e) {
                System.out.println(name + ": " + e.getMessage());
            }
        }
        for (String name : new String[] { "NOPE", "SIGINT" }) {
            try {
                System.out.println(name + ": " + new Signal(name).getNumber());
            } catch (IllegalArgumentException e) {
                System.out.println(name + ": " + e.getMessage());
            }
        }

        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("Signal Dispatcher"))
                System.out.println("dispatcher: daemon=" + t.isDaemon() + " priority=" + t.getPriority()
                    + " group=" + t.getThreadGroup().getName() + " state=" + t.getState());
        }

        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook ran")));
        System.out.println("raising TERM");
        System.out.flush();
        Signal.raise(new Signal("TERM"));
        Thread.sleep(60_000);
        System.out.println("not reached");
    }
}
