// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// BatchJavac: runs many javac compilations in one JVM for tests/run (a JVM per javac
// costs about a second of CPU; in one warm JVM most compilations take a tenth of that).
// Usage: java BatchJavac JOBFILE. Each line of JOBFILE is "LOG ARGFILE [ARGFILE...]":
// the argfiles are compiled in order (javac @ARGFILE, so options and sources are in
// javac's own argfile syntax), stopping at the first failure; javac's diagnostics go to
// LOG and the exit code of the last compilation run to LOG.rc.
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public class BatchJavac {
    public static void main(String[] args) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            System.err.println("BatchJavac: no system Java compiler");
            System.exit(2);
        }
        try (BufferedReader jobs = new BufferedReader(new FileReader(args[0], StandardCharsets.UTF_8))) {
            for (String line; (line = jobs.readLine()) != null; ) {
                String[] parts = line.trim().split(" ");
                if (parts.length < 2) continue;
                int rc = 0;
                try (OutputStream log = new FileOutputStream(parts[0]); PrintStream ps = new PrintStream(log, true, StandardCharsets.UTF_8)) {
                    for (int i = 1; i < parts.length && rc == 0; i++) {
                        try {
                            rc = javac.run(null, ps, ps, "@" + parts[i]);
                        } catch (RuntimeException e) {
                            e.printStackTrace(ps);
                            rc = 3;
                        }
                    }
                }
                try (PrintStream out = new PrintStream(new FileOutputStream(parts[0] + ".rc"), true, StandardCharsets.UTF_8)) {
                    out.println(rc);
                }
            }
        }
    }
}
