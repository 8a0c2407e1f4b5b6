// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Errors of SetEventCallbacks, SetEventNotificationMode, GenerateEvents and the extension
// functions, in the OnLoad and live phases.
public class EventErrors {
    static native void live(Thread notStarted, Thread dead, Object notAThread);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread dead = new Thread(() -> {});
        dead.start();
        dead.join();
        live(new Thread(() -> {}), dead, "a string");
    }
}
