// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// NCAI cost (bench/ncai.sh): the measurements are made by the agent's natives
// (bench/agents/ncaicost.c, loaded with -agentpath and System.load); "spinner" is a
// thread spinning in native code for SuspendThread/GetStackTrace to work on.
public class NcaiCost {
    static native void measure(int n);
    static native void spin();
    static native void stop();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("ncai.agent"));
        Thread s = new Thread(NcaiCost::spin, "spinner");
        s.start();
        measure(Integer.parseInt(args[0]));
        stop();
        s.join();
    }
}
