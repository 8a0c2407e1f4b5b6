// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A superclass redefined under its subclass KSub (super calls, overriding), with a lambda
// whose body changes, and a private nested class it reaches as a nestmate.
import java.util.function.IntUnaryOperator;

public class KBase implements KIface {
    public int base() {
        return 1;
    }

    public String hello() {
        return "base v1";
    }

    public IntUnaryOperator op() {
        return x -> x + 1;
    }

    public String nest() {
        return new Inner().secret + " v1";
    }

    private static class Inner {
        private String secret = "inner";
    }
}
