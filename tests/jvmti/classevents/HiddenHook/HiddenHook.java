// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ClassFileLoadHook for hidden classes (see agent.c): a hidden class from
// Lookup.defineHiddenClass and a lambda proxy, with one environment that has
// can_generate_all_class_hook_events and one that has not.
import java.lang.invoke.MethodHandles;

public class HiddenHook {
    static native void report(String text, boolean glass);

    static byte[] bytes(String name) throws Exception {
        try (var in = HiddenHook.class.getResourceAsStream(name + ".class")) {
            return in.readAllBytes();
        }
    }

    public static void main(String[] args) throws Throwable {
        System.load(System.getProperty("test.agent"));
        Class<?> hidden = MethodHandles.lookup().defineHiddenClass(bytes("Hidden2"), true).lookupClass();
        String text = (String) hidden.getMethod("text").invoke(null);
        System.out.println("hidden class is hidden: " + hidden.isHidden());
        Runnable r = () -> System.out.println("lambda ran");
        r.run();
        report(text, "GlassVM".equals(System.getProperty("java.vm.name")));
    }
}
