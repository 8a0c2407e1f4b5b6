// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// can_generate_compiled_method_load_events and GenerateEvents (agent.c).
public class CompiledMethodLoad {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
        System.out.println("done");
    }
}
