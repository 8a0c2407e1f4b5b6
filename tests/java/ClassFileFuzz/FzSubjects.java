// The fuzzer's own subject classes: small, varied class files whose static fz* methods
// are safe to call on any mutant (bounded loops, no I/O, no threads): loops and
// arithmetic, table and lookup switches, exception tables with finally, a record, a
// sealed hierarchy, lambdas and method references (invokedynamic), generic signatures,
// inner and nested classes (nest attributes), an enum switch, interface default and
// private methods, annotations, static initializers, arrays and strings.
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;

class FzLoops {
    static int fzSum(int n) { int s = 0; for (int i = 0; i < n * 10; i++) s += i * i - (i >> 1); return s; }
    static long fzFact(int n) { long f = 1; while (n > 1) f *= n--; return f; }
    static double fzMix(double d, float f, long l) { double x = d; for (int i = 0; i < 5; i++) x = x * f + l / (i + 1); return x; }
    static int fzNested(int a, int b) {
        int c = 0;
        outer:
        for (int i = 0; i < a + 4; i++)
            for (int j = 0; j < b + 4; j++) { if (j > i) continue outer; if (i * j > 20) break outer; c += i ^ j; }
        return c;
    }
    static boolean fzCmp(long a, double b) { return a > b || (a & 1) == 0 && b != b; }
}

class FzSwitches {
    static int fzTable(int k) {
        switch (k) { case 0: return 10; case 1: return 11; case 2: return 12; case 3: return 13; case 4: return 14; case 5: return 15; default: return -1; }
    }
    static int fzLookup(int k) {
        switch (k * 1000) { case -5000: return 1; case 3000: return 2; case 77000: return 3; case 1_000_000: return 4; default: return 0; }
    }
    static int fzString(String s) {
        switch (s) { case "s0": return 1; case "s1": return 2; case "hello": return 3; default: return s.length(); }
    }
    static String fzEnum(int i) {
        FzColor c = FzColor.values()[i % 3];
        switch (c) { case RED: return "r"; case GREEN: return "g"; default: return "b"; }
    }
    static int fzNewSwitch(int k) {
        return switch (k) { case 1, 2 -> 5; case 3 -> { int x = k * 7; yield x + 1; } default -> 0; };
    }
}

class FzExceptions {
    static int fzTry(int a) {
        int r = 0;
        try { r = 10 / (a - 3); } catch (ArithmeticException e) { r = -1; } finally { r += 100; }
        return r;
    }
    static String fzMulti(int a) {
        try {
            if (a == 3) throw new IllegalStateException("x");
            return "none";
        } catch (IllegalStateException | IllegalArgumentException e) {
            return e.getClass().getSimpleName();
        } finally {
            a++;
        }
    }
    static int fzNested(String s) {
        try {
            try { return Integer.parseInt(s); }
            catch (NumberFormatException e) { return s.length(); }
        } catch (RuntimeException e) { return -2; }
    }
    static int fzSync(int a) { Object o = new Object(); synchronized (o) { return a * 2; } }
}

record FzPoint(int x, int y) {
    FzPoint { if (x < -1000) throw new IllegalArgumentException(); }
    static int fzRecord(int a) { FzPoint p = new FzPoint(a, a + 1); return p.hashCode() == new FzPoint(a, a + 1).hashCode() && p.equals(new FzPoint(a, a + 1)) ? p.x() + p.y() : -1; }
    static String fzToString(int a) { return new FzPoint(a, 2).toString(); }
}

sealed interface FzShape permits FzCircle, FzSquare {
    double area();
    static double fzArea(int r) { FzShape s = r % 2 == 0 ? new FzSquare(r) : new FzCircle(r); return s.area(); }
}
final class FzCircle implements FzShape {
    final int r; FzCircle(int r) { this.r = r; }
    public double area() { return 3 * r * r; }
    static int fzCircle(int r) { return (int) new FzCircle(r).area(); }
}
non-sealed class FzSquare implements FzShape {
    final int s; FzSquare(int s) { this.s = s; }
    public double area() { return s * s; }
}

class FzLambdas {
    static int fzLambda(int a) { IntBinaryOperator op = (x, y) -> x * y + a; return op.applyAsInt(a, 4); }
    static String fzRef(String s) { Supplier<String> sup = s::toUpperCase; return sup.get(); }
    static int fzStream(int n) { List<Integer> l = new ArrayList<>(); for (int i = 0; i < n; i++) l.add(i); return l.stream().mapToInt(Integer::intValue).map(x -> x * 3).sum(); }
}

class FzGeneric<T extends Comparable<T>> {
    static final class Node<E> { E value; Node<E> next; Node(E v, Node<E> n) { value = v; next = n; } }
    Node<T> head;
    void push(T t) { head = new Node<>(t, head); }
    T max() { T m = head.value; for (Node<T> n = head; n != null; n = n.next) if (n.value.compareTo(m) > 0) m = n.value; return m; }
    static <U extends Comparable<U>> U fzMax(U a, U b) { return a == null ? b : a.compareTo(b) > 0 ? a : b; }
    static int fzGeneric(int a) { FzGeneric<Integer> g = new FzGeneric<>(); for (int i = 0; i < a + 3; i++) g.push(i * 7 % 5); return g.max(); }
}

class FzOuter {
    private int secret = 5;
    private static int hidden(int a) { return a + 1; }
    class Inner { int peek() { return secret + hidden(secret); } }
    static class Nested { int get(FzOuter o) { return o.secret * 2; } }
    static int fzInner(int a) { FzOuter o = new FzOuter(); o.secret = a; return o.new Inner().peek() + new Nested().get(o); }
    static int fzAnon(int a) { Object o = new Object() { public int hashCode() { return a * 3; } }; return o.hashCode(); }
}

enum FzColor { RED, GREEN, BLUE; int code() { return ordinal() * 10; } static int fzColor(int i) { return values()[i % 3].code(); } }

interface FzIface {
    int base();
    default int twice() { return helper() * 2; }
    private int helper() { return base() + 1; }
    static int fzIface(int a) { FzIface f = () -> a; return f.twice(); }
}

@Retention(RetentionPolicy.RUNTIME)
@interface FzMark { String value() default "d"; int[] nums() default { 1, 2 }; }

@FzMark("cls")
class FzAnnotated {
    @FzMark(nums = { 3 }) int field;
    @FzMark static int fzAnn(@FzMark("p") int a) { return a + FzAnnotated.class.getAnnotation(FzMark.class).value().length(); }
    @Deprecated static String fzDep(String s) { return s + "!"; }
}

class FzStatics {
    static final int K = 42;
    static final String S = "const";
    static final long L = 1L << 40;
    static final double D = 0.1;
    static int[] table = new int[8];
    static { for (int i = 0; i < table.length; i++) table[i] = i * K; }
    static long fzStatics(int a) { return table[a % 8] + L + S.length() + (long) (D * 10); }
}

class FzArrays {
    static int fzArrays(int n) {
        int[][] m = new int[n][n + 1];
        long[] l = new long[n]; char[] c = new char[n]; Object[] o = new String[n];
        for (int i = 0; i < n; i++) { m[i][i] = i; l[i] = i * 3L; c[i] = (char) ('a' + i); o[i] = "x" + i; }
        return m.length + m[0].length + (int) l[n - 1] + c[0] + o.length + ((String) o[0]).length();
    }
    static int fzMulti(int n) { int[][][] a = new int[n][2][3]; return a.length * a[0].length * a[0][0].length; }
    static int fzStore(int n) { Object[] a = new Integer[2]; try { a[0] = "s"; return 0; } catch (ArrayStoreException e) { return n; } }
}

class FzStrings {
    static String fzConcat(String a, int b) { return a + b + 'c' + 1.5 + true; }
    static int fzBuilder(int n) { StringBuilder sb = new StringBuilder(); for (int i = 0; i < n; i++) sb.append(i).append(','); return sb.length(); }
    static String fzChars(String s) { char[] cs = s.toCharArray(); for (int i = 0; i < cs.length; i++) cs[i]++; return new String(cs); }
}
