// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 2 of Target (renamed to Target by Redef.versionOf): other method bodies, other
// static initializer and constant values, greet() before hello(); the same fields,
// methods and hierarchy.
public class Target__v2 implements Greeter {
    static int counter = 99;
    static {
        System.out.println("Target.<clinit> v2 (never runs)");
    }
    int value;

    Target__v2(int value) {
        this.value = value + 100;
    }


    public String greet() {
        return "greet v2 value=" + value + " counter=" + counter;
    }

    public static String hello() {
        String s = "hello";
        return s + " v2";
    }

    public int times(int x) {
        return x * 2;
    }

    static int count() {
        return counter * 10;
    }

    static String running(Runnable r) {
        String before = "running v2 before";
        r.run();
        return before + ", then v2 after";
    }

    static String same(Runnable r) {
        r.run();
        return "same: " + hello();
    }

    static Throwable trace() {
        return new Throwable("v2");
    }
}
