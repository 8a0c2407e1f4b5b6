// The verbose switches of MemoryMXBean and ClassLoadingMXBean are the VM's -verbose:gc
// and -verbose:class: a second VM (the same java binary) reports their initial values
// from the command line, turns them on and off at run time and collects or loads a
// class meanwhile; this VM prints which kinds of log lines the child wrote (the lines
// themselves carry times and sizes).
import java.io.*;
import java.lang.management.*;
import java.nio.file.*;
import java.util.*;

public class MgmtVerbose {
    static class Fresh1 { }
    static class Fresh2 { }

    static void child(boolean gcOnCommandLine) throws Exception {
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        ClassLoadingMXBean cl = ManagementFactory.getClassLoadingMXBean();
        System.out.println("child: gc verbose " + mem.isVerbose() + ", class verbose " + cl.isVerbose());
        mem.setVerbose(!gcOnCommandLine);
        System.gc();
        mem.setVerbose(false);
        System.gc();
        cl.setVerbose(true);
        new Fresh1();
        cl.setVerbose(false);
        new Fresh2();
        System.out.println("child: done");
    }

    static void run(String... opts) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Arrays.asList(opts));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "MgmtVerbose", "child",
                Boolean.toString(Arrays.asList(opts).contains("-verbose:gc"))));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        int gcLines = 0, fresh1 = 0, fresh2 = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            for (String line; (line = r.readLine()) != null;) {
                if (line.startsWith("child:")) System.out.println(line);
                if (line.contains("[info][gc]") && line.contains("Pause Full (System.gc())")) gcLines++;
                if (line.contains("[info][class,load] MgmtVerbose$Fresh1 ")) fresh1++;
                if (line.contains("[info][class,load] MgmtVerbose$Fresh2 ")) fresh2++;
            }
        }
        p.waitFor();
        System.out.println(String.join(" ", opts) + ": System.gc() lines " + gcLines + ", Fresh1 logged " + fresh1
                + ", Fresh2 logged " + fresh2);
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            child(Boolean.parseBoolean(args[1]));
            return;
        }
        run("-Xshare:auto");
        run("-verbose:gc");
    }
}
