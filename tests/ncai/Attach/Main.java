// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
import java.io.File;

public class Main {
    static native boolean dumped(String lib);

    static class Worker extends Thread {
        Worker() { super("worker"); }
        @Override public void run() {
            Native.down(1);
        }
    }

    static void jcmd(String... args) throws Exception {
        String[] cmd = new String[args.length + 3];
        cmd[0] = System.getProperty("test.jdk") + File.separator + "bin" + File.separator + "jcmd";
        cmd[1] = "-J-Dsun.tools.attach.attachTimeout=60000"; // a loaded machine or make check: the 10 s default is short
        cmd[2] = Long.toString(ProcessHandle.current().pid());
        System.arraycopy(args, 0, cmd, 3, args.length);
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor();
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Native.rearm();
        Thread w = new Worker();
        w.start();
        while (!Native.spinning()) Thread.sleep(10);
        String lib = new File(System.getProperty("java.library.path"), "libncaiattach.so").getPath();
        // jcmd's argument parser (HotSpot's) ends an unquoted argument at '=': the option
        // string goes in quotes, as with HotSpot.
        jcmd("JVMTI.agent_load", lib, "\"thread=worker,module=ncainative,stable\"");
        jcmd("JVMTI.data_dump");
        while (!dumped(lib)) Thread.sleep(10);
        Native.release();
        w.join();
        System.out.println("worker done");
    }
}
