// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMOPTIONS: -XX:+UnlockDiagnosticVMOptions -XX:+LogTouchedMethods
//
// VM.print_touched_methods when -XX:+LogTouchedMethods was given: HotSpot lists the
// methods; GlassVM, which accepts the flag but logs nothing, must not answer that the
// command requires the flag (its reply without it, DiagnosticCommandsVm).
import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

public class DiagnosticCommandsTouched {
    public static void main(String[] args) throws Exception {
        String r = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmPrintTouchedMethods", null, null);
        System.out.println("asks for the flag given: " + r.contains("requires -XX:+LogTouchedMethods"));
    }
}
