// try-with-resources: resources closed in reverse order, close() exceptions added as
// suppressed to the primary exception or thrown when there is none, null resources
// skipped, resources declared outside the try (Java 9), and interaction with catch
// and finally ordering.
public class TryWithResources {
    static StringBuilder log = new StringBuilder();
    static class Res implements AutoCloseable {
        final String name; final boolean failClose;
        Res(String name, boolean failClose) { this.name = name; this.failClose = failClose; log.append("open ").append(name).append("; "); }
        Res(String name) { this(name, false); }
        public void close() throws Exception {
            log.append("close ").append(name).append("; ");
            if (failClose) throw new IllegalStateException("close failed: " + name);
        }
    }
    static class FailingOpen implements AutoCloseable {
        FailingOpen() throws Exception { throw new Exception("open failed"); }
        public void close() { log.append("never closed; "); }
    }
    static String take() { String s = log.toString().trim(); log.setLength(0); return s; }

    public static void main(String[] args) throws Exception {
        try (Res a = new Res("a"); Res b = new Res("b"); Res c = new Res("c")) {
            log.append("body; ");
        }
        System.out.println("normal: " + take());
        try (Res a = new Res("a", true); Res b = new Res("b", true)) {
            throw new RuntimeException("body failed");
        } catch (RuntimeException e) {
            StringBuilder sup = new StringBuilder();
            for (Throwable t : e.getSuppressed()) sup.append(t.getMessage()).append(", ");
            System.out.println("primary " + e.getMessage() + " suppressed [" + sup + "] log " + take());
        }
        try (Res a = new Res("a"); Res b = new Res("b", true)) {
            log.append("body ok; ");
        } catch (IllegalStateException e) {
            System.out.println("close-only failure: " + e.getMessage() + " suppressed " + e.getSuppressed().length + " log " + take());
        }
        try (Res a = new Res("a", true); Res b = new Res("b", true)) {
            log.append("body ok; ");
        } catch (IllegalStateException e) {
            System.out.println("two close failures: " + e.getMessage() + " suppressed " + e.getSuppressed()[0].getMessage() + " log " + take());
        }
        try (Res a = null; Res b = new Res("b")) {
            log.append("null resource; ");
        }
        System.out.println("null: " + take());
        try (Res a = new Res("a"); FailingOpen f = new FailingOpen()) {
            log.append("not reached; ");
        } catch (Exception e) {
            System.out.println("open failure: " + e.getMessage() + " log " + take());
        }
        Res outer = new Res("outer");
        try (outer) {
            log.append("using outer; ");
        }
        System.out.println("effectively final resource: " + take());
        try (Res a = new Res("a")) {
            log.append("body; ");
            throw new Exception("x");
        } catch (Exception e) {
            log.append("catch; ");
        } finally {
            log.append("finally; ");
        }
        System.out.println("order: " + take());
        System.out.println("return value: " + withReturn() + " log " + take());
        // A real resource: a reader over a string
        try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.StringReader("line1\nline2"))) {
            System.out.println("reader " + r.readLine() + " " + r.readLine() + " " + r.readLine());
        }
    }
    static int withReturn() throws Exception {
        try (Res a = new Res("r")) {
            return 42;
        } finally {
            log.append("finally after close; ");
        }
    }
}
