// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Version 2: other constants in another order, other bodies.
import java.util.function.IntBinaryOperator;

public class Old__v2 {
    static int counter = 3;
    String name = "new";

    static class Oops extends RuntimeException {
        Oops(String m) {
            super(m);
        }
    }

    static int twice(int x) {
        return 1000 + x;
    }

    static String go(Runnable r) {
        String pad = "version 2 constant first";
        IntBinaryOperator g = (a, b) -> a - b;
        r.run();
        return pad + " " + g.applyAsInt(counter, 1) + " " + new Old__v2().name + " " + twice(1);
    }
}
