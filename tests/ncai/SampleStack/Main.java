// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
import java.io.File;

public class Main {
    static native boolean dumped();

    static class Worker extends Thread {
        Worker() { super("worker"); }
        @Override public void run() {
            Native.down(1);
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.rearm();
        Thread w = new Worker();
        w.start();
        while (!Native.spinning()) Thread.sleep(10);
        String jcmd = System.getProperty("test.jdk") + File.separator + "bin" + File.separator + "jcmd";
        Process p = new ProcessBuilder(jcmd, "-J-Dsun.tools.attach.attachTimeout=60000", Long.toString(ProcessHandle.current().pid()), "JVMTI.data_dump")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.waitFor();
        while (!dumped()) Thread.sleep(10);
        Native.release();
        w.join();
        System.out.println("worker done");
    }
}
