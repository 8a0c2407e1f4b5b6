// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// PmTarget with a lambda (a private static method lambda$run$0), private static and
// private final methods added, and twice() deleted.
import java.util.function.Supplier;

public class PmTarget__v2 {
    static String run() {
        Supplier<String> s = () -> "lambda v2";
        return helper() + " " + s.get() + " " + added(4) + " " + new PmTarget__v2().instance();
    }

    private static String helper() {
        return "helper v2";
    }

    private static int added(int x) {
        return 3 * x;
    }

    private final String instance() {
        return "instance v2";
    }

    static String callsTwiceAfter(Runnable r) {
        r.run();
        return "v2";
    }

    static String twiceAgain() {
        return "again v2";
    }
}
