// Throwable: causes, suppressed exceptions, initCause rules, printStackTrace formatting
// ("Caused by:", "Suppressed:", "... N more"), getStackTrace contents with line numbers,
// setStackTrace, fillInStackTrace, and disabled suppression/writable stack traces.
import java.io.PrintWriter;
import java.io.StringWriter;

public class ExceptionCauseSuppressed {
    static class Quiet extends RuntimeException {
        Quiet(String m) { super(m, null, false, false); }
    }

    static void level3() { throw new IllegalStateException("level3 failed"); }
    static void level2() {
        try { level3(); }
        catch (IllegalStateException e) { throw new RuntimeException("level2 wrapper", e); }
    }
    static void level1() throws Exception {
        try { level2(); }
        catch (RuntimeException e) {
            Exception ex = new Exception("level1 wrapper", e);
            ex.addSuppressed(new IllegalArgumentException("suppressed one"));
            ex.addSuppressed(new UnsupportedOperationException("suppressed two", new ArithmeticException("inner cause")));
            throw ex;
        }
    }

    public static void main(String[] args) {
        try {
            level1();
        } catch (Exception e) {
            System.out.println("message: " + e.getMessage());
            System.out.println("cause: " + e.getCause());
            System.out.println("root: " + e.getCause().getCause());
            System.out.println("suppressed count: " + e.getSuppressed().length);
            StackTraceElement top = e.getStackTrace()[0];
            System.out.println("top frame: " + top.getClassName() + "." + top.getMethodName() + " line " + top.getLineNumber()
                + " file " + top.getFileName() + " native " + top.isNativeMethod());
            System.out.println("--- printStackTrace ---");
            e.printStackTrace(System.out);
            System.out.println("--- end ---");
        }
        // initCause rules
        Throwable t = new Throwable("t");
        t.initCause(new Error("c"));
        try { t.initCause(new Error("again")); } catch (IllegalStateException e) { System.out.println("initCause twice: " + e.getMessage()); }
        Throwable self = new Throwable("self");
        try { self.initCause(self); } catch (IllegalArgumentException e) { System.out.println("self cause: " + e.getMessage()); }
        Throwable withCause = new RuntimeException(new Error("only cause"));
        System.out.println("message from cause: " + withCause.getMessage());
        try { withCause.initCause(null); } catch (IllegalStateException e) { System.out.println("initCause after ctor: " + e.getMessage()); }
        // addSuppressed rules
        Throwable a = new Throwable("a");
        try { a.addSuppressed(a); } catch (IllegalArgumentException e) { System.out.println("self suppression: " + e.getMessage()); }
        try { a.addSuppressed(null); } catch (NullPointerException e) { System.out.println("null suppression: " + e.getMessage()); }
        // Suppression disabled and stack trace not writable
        Quiet q = new Quiet("quiet");
        q.addSuppressed(new Error("ignored"));
        System.out.println("quiet suppressed " + q.getSuppressed().length + " stack " + q.getStackTrace().length);
        q.setStackTrace(new StackTraceElement[] { new StackTraceElement("X", "y", "X.java", 1) });
        System.out.println("quiet stack after set " + q.getStackTrace().length);
        // setStackTrace with custom frames and printStackTrace
        Exception custom = new Exception("custom");
        custom.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("a.B", "m", "B.java", 10),
            new StackTraceElement("a.C", "n", null, -1),
            new StackTraceElement("a.D", "o", "D.java", -2),
        });
        StringWriter sw = new StringWriter();
        custom.printStackTrace(new PrintWriter(sw));
        System.out.print(sw.toString().replace(System.lineSeparator(), "\n"));
        // Circular cause chains are printed with CIRCULAR REFERENCE
        Exception c1 = new Exception("c1");
        Exception c2 = new Exception("c2", c1);
        c1.initCause(c2);
        sw = new StringWriter();
        c2.printStackTrace(new PrintWriter(sw));
        for (String line : sw.toString().split("\n")) if (!line.startsWith("\tat ")) System.out.println(line);
        // toString and getLocalizedMessage
        System.out.println(new Exception().toString() + " | " + new Exception((String) null) + " | " + new Error("msg").getLocalizedMessage());
        // fillInStackTrace resets the trace to the current location
        Exception moved = makeException();
        String before = moved.getStackTrace()[0].getMethodName();
        moved.fillInStackTrace();
        System.out.println("fillInStackTrace " + before + " -> " + moved.getStackTrace()[0].getMethodName());
        // Stack trace of an exception created in a constructor
        System.out.println("ctor frame " + new Holder().e.getStackTrace()[0].getMethodName());
    }
    static Exception makeException() { return new Exception("made"); }
    static class Holder { Exception e = new Exception(); }
}
