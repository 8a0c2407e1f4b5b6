// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Byte Buddy, the library under most Java agents written for HotSpot (APM and tracing
// agents, Mockito's inline mocks): new classes, method delegation, its agent installed
// through the attach API, redefinition and reset, transformation at load with advice, and
// retransformation of a loaded class.
import static net.bytebuddy.matcher.ElementMatchers.*;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.ByteBuddyAgent;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.dynamic.loading.ClassReloadingStrategy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.implementation.MethodDelegation;
import net.bytebuddy.implementation.bind.annotation.AllArguments;
import net.bytebuddy.implementation.bind.annotation.Origin;
import net.bytebuddy.implementation.bind.annotation.RuntimeType;
import net.bytebuddy.implementation.bind.annotation.SuperCall;

public class Main {
    public static class Greeter {
        public String greet(String name) { return "hello " + name; }
    }
    public static class Redefined {
        public String value() { return "original"; }
    }
    public static class LoadedLater {
        public int work(int x) { return x * 2; }
    }
    public static class AlreadyLoaded {
        public String name() { return "plain"; }
    }

    public static class Interceptor {
        @RuntimeType
        public static Object intercept(@Origin java.lang.reflect.Method m, @AllArguments Object[] args,
                                       @SuperCall Callable<?> zuper) throws Exception {
            return "[" + m.getName() + " " + java.util.Arrays.toString(args) + "] " + zuper.call();
        }
    }

    public static final List<String> EVENTS = new ArrayList<>();

    public static class WorkAdvice {
        @Advice.OnMethodEnter
        static void enter(@Advice.Origin("#t.#m") String where, @Advice.Argument(0) int x) {
            Main.EVENTS.add("enter " + where + " x=" + x);
        }
        @Advice.OnMethodExit
        static void exit(@Advice.Origin("#m") String m, @Advice.Return(readOnly = false) int ret) {
            Main.EVENTS.add("exit " + m + " returned " + ret);
            ret = ret + 1;
        }
    }

    public static class NameAdvice {
        @Advice.OnMethodExit
        static void exit(@Advice.Return(readOnly = false) String ret) {
            ret = ret + " (retransformed)";
        }
    }

    public static void main(String[] args) throws Exception {
        // A new class: subclass of Object with a fixed toString.
        Class<?> dynamic = new ByteBuddy().subclass(Object.class).name("example.Dynamic")
                .method(named("toString")).intercept(FixedValue.value("Hello World!"))
                .make().load(Main.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER).getLoaded();
        System.out.println(dynamic.getName() + ": " + dynamic.getDeclaredConstructor().newInstance());

        // Method delegation around a superclass call.
        Greeter g = new ByteBuddy().subclass(Greeter.class).method(named("greet"))
                .intercept(MethodDelegation.to(Interceptor.class))
                .make().load(Main.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER).getLoaded()
                .getDeclaredConstructor().newInstance();
        System.out.println(g.greet("ann"));

        // The agent, through the attach API on this very VM.
        Instrumentation inst = ByteBuddyAgent.install();
        System.out.println("redefine supported: " + inst.isRedefineClassesSupported() + ", retransform supported: "
                + inst.isRetransformClassesSupported());

        // Redefinition of a loaded class, then back.
        Redefined r = new Redefined();
        System.out.println("before: " + r.value());
        ClassReloadingStrategy reloading = ClassReloadingStrategy.fromInstalledAgent();
        new ByteBuddy().redefine(Redefined.class).method(named("value")).intercept(FixedValue.value("redefined"))
                .make().load(Redefined.class.getClassLoader(), reloading);
        System.out.println("after redefine: " + r.value());
        reloading.reset(Redefined.class);
        System.out.println("after reset: " + r.value());

        // An agent transforming a class when it loads, with advice around a method.
        new AgentBuilder.Default().disableClassFormatChanges()
                .type(named("Main$LoadedLater"))
                .transform((builder, type, loader, module, pd) -> builder.visit(Advice.to(WorkAdvice.class).on(named("work"))))
                .installOn(inst);
        System.out.println("advised work(20) = " + new LoadedLater().work(20));

        // Retransformation of a class already loaded.
        System.out.println("before retransform: " + new AlreadyLoaded().name());
        new AgentBuilder.Default().disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .type(named("Main$AlreadyLoaded"))
                .transform((builder, type, loader, module, pd) -> builder.visit(Advice.to(NameAdvice.class).on(named("name"))))
                .installOn(inst);
        System.out.println("after retransform: " + new AlreadyLoaded().name());
        System.out.println(EVENTS);
    }
}
