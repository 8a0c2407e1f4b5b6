// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
import java.util.function.IntUnaryOperator;

public class KBase__v2 implements KIface {
    public int base() {
        return 2;
    }

    public String hello() {
        return "base v2";
    }

    public IntUnaryOperator op() {
        return x -> x * 100;
    }

    public String nest() {
        return new Inner().secret.toUpperCase() + " v2";
    }

    private static class Inner {
        private String secret = "inner";
    }
}
