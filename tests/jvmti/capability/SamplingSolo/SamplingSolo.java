// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// can_generate_sampled_object_alloc_events: one environment at a time (agent.c).
public class SamplingSolo {
    static native void live();

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
        System.out.println("done");
    }
}
