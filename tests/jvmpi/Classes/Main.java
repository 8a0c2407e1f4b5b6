// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Classes: a class whose bytes the agent rewrites (CLASS_LOAD_HOOK), one it keeps, and
// classes whose CLASS_LOAD contents are known from this source.
public class Main {
    public static void main(String[] args) {
        System.out.println(Target.text());
        System.out.println(Untouched.text());
        new Shape().run();
    }
}

class Target {
    static String text() {
        return "ORIGINAL-TEXT!";
    }
}

class Untouched {
    static String text() {
        return "UNTOUCHED-TEXT";
    }
}

interface Named {
    String name();
}

class Shape implements Runnable, Named {
    static int A = 3;
    static String B;
    double x;
    Object y;

    public void run() {
        x = A;
        y = B;
    }

    public String name() {
        return "shape";
    }
}
