// Varargs: zero, one and many arguments, passing an array directly, null versus
// (Object) null, primitives boxed into Object..., overload selection between fixed
// arity and varargs, generic varargs, and varargs through reflection.
import java.util.Arrays;
import java.util.List;

public class Varargs {
    static String count(Object... args) { return args == null ? "null array" : args.length + " " + Arrays.deepToString(args); }
    static String ints(int... xs) { int s = 0; for (int x : xs) s += x; return xs.length + ":" + s; }
    static String mixed(String head, long... rest) { return head + Arrays.toString(rest); }
    static String over(Object o) { return "fixed(Object)"; }
    static String over(Object... os) { return "varargs(" + os.length + ")"; }
    static String over2(int a, int b) { return "fixed(int,int)"; }
    static String over2(int... a) { return "varargs(int...)"; }
    static String over3(long a) { return "long"; }
    static String over3(Integer... a) { return "Integer..."; }
    @SafeVarargs static <T> List<T> listOf(T... items) { return Arrays.asList(items); }
    static String nested(int[]... arrays) { return Arrays.deepToString(arrays); }

    public static void main(String[] args) throws Exception {
        System.out.println(count());
        System.out.println(count("a"));
        System.out.println(count("a", 1, 2.5, 'c', null));
        System.out.println(count(new Object[] { "x", "y" }));
        System.out.println(count((Object) new Object[] { "x", "y" }));
        System.out.println(count((Object[]) null));
        System.out.println(count((Object) null));
        System.out.println(count(new String[] { "covariant" }));
        System.out.println(count(new int[] { 1, 2 }).startsWith("1 "));
        System.out.println(ints() + " " + ints(5) + " " + ints(1, 2, 3) + " " + ints(new int[] { 10, 20 }));
        System.out.println(mixed("h") + " " + mixed("h", 1, 2) + " " + mixed("h", Long.MAX_VALUE));
        System.out.println(over("x") + " " + over("x", "y") + " " + over() + " " + over2(1, 2) + " " + over2(1) + " " + over2(1, 2, 3) + " " + over3(5));
        System.out.println(listOf("a", "b", "c") + " " + listOf(1, 2).get(1) + " " + listOf().size() + " " + listOf((Object) null).size());
        System.out.println(nested(new int[] { 1 }, new int[] { 2, 3 }) + " " + nested());
        System.out.println(String.format("%s-%s-%s", "a", "b", "c") + " " + String.join("+", "x", "y") + " " + Arrays.asList(1, 2, 3).size());
        java.lang.reflect.Method m = Varargs.class.getDeclaredMethod("ints", int[].class);
        System.out.println("reflective " + m.invoke(null, (Object) new int[] { 4, 5, 6 }) + " isVarArgs " + m.isVarArgs());
        java.lang.reflect.Method c = Varargs.class.getDeclaredMethod("count", Object[].class);
        System.out.println("reflective Object... " + c.invoke(null, (Object) new Object[] { "r", 1 }) + " " + c.invoke(null, new Object[] { null }));
    }
}
