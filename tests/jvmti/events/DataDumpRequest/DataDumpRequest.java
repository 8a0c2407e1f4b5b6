// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// DataDumpRequest when the process receives SIGQUIT (kill -QUIT).
public class DataDumpRequest {
    static native boolean waitForDump(long millis);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Thread.sleep(200); // let the VM finish setting up its signal handling
        long pid = ProcessHandle.current().pid();
        Process p = new ProcessBuilder("kill", "-QUIT", Long.toString(pid)).start();
        System.out.println("kill exit status " + p.waitFor());
        System.out.println("dump request received: " + waitForDump(10000));
        System.out.println("main ends");
    }
}
