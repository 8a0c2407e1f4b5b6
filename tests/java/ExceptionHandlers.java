// Exception handler search: nested try/catch/finally, rethrow, finally overriding a
// return or an exception, exceptions thrown from catch and finally blocks, multi-catch,
// handler order, catching Throwable/Error, and handlers in loops.
public class ExceptionHandlers {
    static class MyException extends Exception {
        MyException(String m) { super(m); }
    }
    static class SubException extends MyException {
        SubException(String m) { super(m); }
    }
    static StringBuilder log = new StringBuilder();

    static int finallyOverridesReturn() {
        try { return 1; } finally { log.append("[finally runs before return]"); }
    }
    @SuppressWarnings("finally")
    static int finallyReturns() {
        try { throw new RuntimeException("lost"); } finally { return 2; }
    }
    static int returnValueSnapshot() {
        int x = 10;
        try { return x; } finally { x = 20; }
    }
    static void thrower(int kind) throws Exception {
        switch (kind) {
            case 0: throw new MyException("my");
            case 1: throw new SubException("sub");
            case 2: throw new IllegalStateException("ise");
            case 3: throw new Error("error");
            case 4: int[] a = new int[1]; a[2] = 0; break;
            case 5: Object o = "s"; Integer i = (Integer) o; break;
            default: break;
        }
    }
    static String classify(int kind) {
        try {
            thrower(kind);
            return "none";
        } catch (SubException e) {
            return "SubException:" + e.getMessage();
        } catch (MyException e) {
            return "MyException:" + e.getMessage();
        } catch (IllegalStateException | ArrayIndexOutOfBoundsException e) {
            return "multi:" + e.getClass().getSimpleName();
        } catch (RuntimeException e) {
            return "runtime:" + e.getClass().getSimpleName();
        } catch (Exception e) {
            return "exception";
        } catch (Throwable t) {
            return "throwable:" + t.getMessage();
        }
    }
    static void nested(int depth) throws MyException {
        try {
            if (depth == 0) throw new MyException("bottom");
            nested(depth - 1);
        } finally {
            log.append(depth);
        }
    }
    static String rethrow() {
        try {
            try {
                throw new MyException("inner");
            } catch (MyException e) {
                log.append("(caught inner)");
                throw new RuntimeException("wrapped", e);
            } finally {
                log.append("(inner finally)");
            }
        } catch (RuntimeException e) {
            return e.getMessage() + " cause=" + e.getCause().getMessage();
        }
    }
    @SuppressWarnings("finally")
    static String exceptionInFinally() {
        try {
            try {
                throw new IllegalStateException("first");
            } finally {
                throw new IllegalArgumentException("second");
            }
        } catch (RuntimeException e) {
            return e.getMessage() + " suppressed=" + e.getSuppressed().length;
        }
    }
    static String preciseRethrow() {
        try {
            try {
                thrower(1);
            } catch (Exception e) {
                throw e;   // precise rethrow keeps the dynamic type
            }
        } catch (SubException e) {
            return "precise SubException";
        } catch (Exception e) {
            return "generic";
        }
        return "none";
    }
    static int loopWithHandlers() {
        int sum = 0;
        for (int i = 0; i < 100; i++) {
            try {
                if (i % 3 == 0) throw new MyException("m" + i);
                if (i % 5 == 0) continue;
                if (i == 97) break;
                sum += i;
            } catch (MyException e) {
                sum += 1000;
            } finally {
                sum += 1;
            }
        }
        return sum;
    }
    static int deepFinally() {
        int r = 0;
        try {
            try {
                try {
                    r += 1;
                    throw new RuntimeException();
                } finally {
                    r += 10;
                }
            } finally {
                r += 100;
            }
        } catch (RuntimeException e) {
            r += 1000;
        } finally {
            r += 10000;
        }
        return r;
    }

    public static void main(String[] args) {
        for (int k = 0; k <= 6; k++) System.out.println("classify " + k + " -> " + classify(k));
        System.out.println("finallyOverridesReturn " + finallyOverridesReturn() + " " + log);
        log.setLength(0);
        System.out.println("finallyReturns " + finallyReturns());
        System.out.println("returnValueSnapshot " + returnValueSnapshot());
        try { nested(5); } catch (MyException e) { System.out.println("nested " + e.getMessage() + " log " + log); }
        log.setLength(0);
        System.out.println("rethrow " + rethrow() + " log " + log);
        System.out.println("exceptionInFinally " + exceptionInFinally());
        System.out.println("preciseRethrow " + preciseRethrow());
        System.out.println("loopWithHandlers " + loopWithHandlers());
        System.out.println("deepFinally " + deepFinally());
        // Exception object identity survives rethrow
        RuntimeException original = new RuntimeException("same");
        try {
            try { throw original; } catch (RuntimeException e) { throw e; }
        } catch (RuntimeException e) { System.out.println("identity " + (e == original)); }
        // Throwing a preallocated exception repeatedly; stack trace filled at construction
        RuntimeException pre = new RuntimeException("pre");
        int n = 0;
        for (int i = 0; i < 3; i++) { try { throw pre; } catch (RuntimeException e) { n++; } }
        System.out.println("preallocated thrown " + n + " times, trace top " + pre.getStackTrace()[0].getMethodName());
        // Catching Error subclasses
        try { throw new StackOverflowError("fake"); } catch (VirtualMachineError e) { System.out.println("caught VME " + e); }
        try { throw new AssertionError(42); } catch (Error e) { System.out.println("caught " + e); }
        // Exceptions in static nested handler ranges with try in catch
        String s;
        try { s = String.valueOf(Integer.parseInt("x1")); }
        catch (NumberFormatException e) {
            try { s = "fallback " + Integer.parseInt("12"); } catch (NumberFormatException e2) { s = "double fail"; }
        }
        System.out.println(s);
    }
}
