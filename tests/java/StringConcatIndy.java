// JAVACOPTIONS: -XDstringConcat=indyWithConstants
// String concatenation through invokedynamic (StringConcatFactory.makeConcatWithConstants):
// every argument type, constants mixed in the recipe (including the \1 and \2 tag
// characters), null, objects whose toString returns null or throws, evaluation order,
// a recipe with many arguments, and compound +=.
public class StringConcatIndy {
    static int calls;
    static String next(String s) { calls++; return s + calls; }
    static class NullToString { public String toString() { return null; } }
    static class Throwing { public String toString() { throw new IllegalStateException("toString failed"); } }

    public static void main(String[] args) {
        boolean z = true; byte b = -1; short s = 300; char c = 'c'; int i = Integer.MIN_VALUE; long l = Long.MAX_VALUE;
        float f = 1.25f; double d = -0.0; Object o = null; String str = null; Object arr = new int[0].length;
        System.out.println("z=" + z + " b=" + b + " s=" + s + " c=" + c + " i=" + i + " l=" + l + " f=" + f + " d=" + d + " o=" + o + " str=" + str + " arr=" + arr);
        System.out.println("" + z + b + "|" + c + i + "|" + (c + i) + "|" + f + d + (b + s));
        System.out.println("tags \u0001 and \u0002 in constants: " + i + "\u0001" + l + "\u0002");
        System.out.println("nullToString=" + new NullToString() + " after");
        try { System.out.println("throwing=" + new Throwing()); }
        catch (IllegalStateException e) { System.out.println("toString threw: " + e.getMessage()); }
        calls = 0;
        System.out.println(next("a") + next("b") + next("c"));   // left-to-right evaluation
        String acc = "";
        for (int k = 0; k < 10; k++) acc += k + ",";
        acc += 'x';
        acc += 1.5;
        acc += (Object) null;
        System.out.println(acc);
        StringBuilder sb = new StringBuilder("sb");
        String withSb = "[" + sb + "]";
        sb.append("-changed");
        System.out.println(withSb + " " + sb);
        char[] chars = { 'h', 'i' };
        System.out.println("char[] via valueOf " + String.valueOf(chars) + " unicode " + 'é' + '\u4e2d' + "\uD83D\uDE00");
        // 50 arguments in one recipe
        int v0 = 0, v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5, v6 = 6, v7 = 7, v8 = 8, v9 = 9;
        String many = "" + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
            + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9 + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9
            + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9;
        System.out.println("many length " + many.length() + " hash " + many.hashCode());
        long big = 1L << 40;
        double dd = 1e-7;
        System.out.println("mixed " + big + dd + (big + 1) + (float) dd + Double.NaN + Float.NEGATIVE_INFINITY);
        // The same call site executed repeatedly with different values
        StringBuilder all = new StringBuilder();
        for (int k = 0; k < 50; k++) all.append("k" + k + (k % 2 == 0 ? "e" : "o") + k * k + ";");
        System.out.println(all.length() + " " + all.toString().hashCode());
        // Constant folding: compile-time constants are still folded
        final String K = "con";
        System.out.println(K + "stant" == "constant");
    }
}
