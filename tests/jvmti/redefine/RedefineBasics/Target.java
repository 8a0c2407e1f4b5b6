// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1 of the class RedefineBasics redefines (Target__v2.java is version 2).
public class Target implements Greeter {
    static int counter = 5;
    static {
        System.out.println("Target.<clinit> v1");
    }
    int value;

    Target(int value) {
        this.value = value;
    }

    public static String hello() {
        return "hello v1";
    }

    public String greet() {
        return "greet v1 value=" + value;
    }

    public int times(int x) {
        return x * 1;
    }

    static int count() {
        return counter;
    }

    // r redefines this class: the rest of this frame is still version 1's code.
    static String running(Runnable r) {
        String before = "running v1 before";
        r.run();
        return before + ", then still v1 after, hello() is " + hello();
    }

    // The same code in both versions (equivalent modulo the constant pool).
    static String same(Runnable r) {
        r.run();
        return "same: " + hello();
    }

    static Throwable trace() {
        return new Throwable("v1");
    }
}
