// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// JVMTI Breakpoint and SingleStep (see agent.c).
public class Breakpoints {
    static native void setup();
    static native void stepping(boolean on);
    static native void breakInLoop();
    static native void clearAll();
    static native void loopReport();
    static native int nativeMethod();

    static volatile boolean stop;
    static volatile boolean spinning;
    static long counter;

    static int target(int x) {
        int y = x + 1;
        for (int i = 0; i < 3; i++) y += i;
        return y;
    }

    static int stepped(int a) {
        int b = a * 2;
        return b + 1;
    }

    static void spin() {
        spinning = true;
        while (!stop) {
            counter++;
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        setup();
        System.out.println("target: " + target(1));
        System.out.println("target again: " + target(2));
        stepping(true);
        int r = stepped(5);
        stepping(false);
        System.out.println("stepped: " + r);

        // A breakpoint set in a loop another thread is already running.
        Thread spinner = new Thread(Breakpoints::spin, "spinner");
        spinner.start();
        while (!spinning) Thread.sleep(1);
        Thread.sleep(20);
        breakInLoop();
        spinner.join();
        loopReport();
        System.out.println("spinner stopped");
        clearAll();
        System.out.println("target after clearing: " + target(3));
    }
}
