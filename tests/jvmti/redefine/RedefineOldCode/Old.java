// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 1. After r.run() (which redefines the class) the rest of go() runs, obsolete,
// instructions whose constants it never resolved before: field accesses, calls, ldc of
// strings and classes, new, checkcast/instanceof, a catch, invokedynamic (a lambda and a
// string concatenation), a switch on strings, a multianewarray, a NullPointerException.
import java.util.function.IntBinaryOperator;

public class Old {
    static int counter = 3;
    String name = "old";

    static class Oops extends RuntimeException {
        Oops(String m) {
            super(m);
        }
    }

    static int twice(int x) {
        return 2 * x;
    }

    static String go(Runnable r) {
        r.run();
        StringBuilder out = new StringBuilder();
        counter += 10;
        Old o = new Old();
        o.name = o.name + "!";
        out.append(o.name).append(' ').append(counter).append(' ').append(twice(21));
        Object s = "a constant of version 1";
        if (s instanceof String) out.append(' ').append(((String) s).length());
        out.append(' ').append(Old.class.getSimpleName()).append(' ').append(Oops.class.getSimpleName());
        try {
            throw new Oops("thrown by version 1");
        } catch (Oops e) {
            out.append(' ').append(e.getMessage());
        }
        IntBinaryOperator f = (a, b) -> a * b + counter;
        out.append(' ').append(f.applyAsInt(6, 7));
        String concat = "c=" + counter + "/" + o.name;
        out.append(' ').append(concat);
        switch (o.name) {
        case "old!": out.append(" switch-old"); break;
        case "new!": out.append(" switch-new"); break;
        default: out.append(" switch-default");
        }
        String none = counter > 0 ? null : "x";
        try {
            out.append(none.length());
        } catch (NullPointerException e) {
            out.append(" NPE message in old code: ").append(e.getMessage());
        }
        int[][] grid = new int[2][3];
        grid[1][2] = 5;
        out.append(' ').append(grid[1][2] + grid.length);
        return out.toString();
    }
}
