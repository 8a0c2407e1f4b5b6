// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ProfilerExit: the agent ends the VM with exit code 7 when Main.stop() is entered.
public class Main {
    static void stop() {
        System.out.println("not reached");
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread() {
            public void run() {
                System.out.println("shutdown hook ran");
            }
        });
        System.out.println("main ran");
        stop();
        System.out.println("not reached either");
    }
}
