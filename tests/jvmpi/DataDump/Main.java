// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// DataDump: SIGQUIT (kill -QUIT), then jcmd's JVMTI.data_dump, each a data dump request.
public class Main {
    static native boolean waitForRequests(int n, long millis);

    public static void main(String[] args) throws Exception {
        System.loadLibrary("jvmpitest");
        Thread.sleep(200); // let the VM finish setting up its signal handling
        long pid = ProcessHandle.current().pid();
        Process p = new ProcessBuilder("kill", "-QUIT", Long.toString(pid)).start();
        System.out.println("kill exit status " + p.waitFor());
        System.out.println("after SIGQUIT: " + waitForRequests(1, 20000));
        String jcmd = System.getProperty("java.home") + "/bin/jcmd";
        p = new ProcessBuilder(jcmd, "-J-Dsun.tools.attach.attachTimeout=60000", Long.toString(pid), "JVMTI.data_dump").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        System.out.println("jcmd exit status " + p.waitFor());
        System.out.println("after jcmd: " + waitForRequests(2, 20000));
    }
}
