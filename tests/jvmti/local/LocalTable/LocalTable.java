// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetLocalVariableTable contents (compiled with -g): names, descriptors, generic
// signatures, slots and ranges, against HotSpot; ABSENT_INFORMATION for a class compiled
// without -g (NoDebug.java); the errors the spec lists.
import java.util.List;
import java.util.Map;

public class LocalTable<T extends Number> {
    static native void live();

    native void nativeMethod();

    static int noLocals() {
        return 4;
    }

    static long statics(int a, long b, double c, String[] d) {
        long sum = a + b;
        for (int i = 0; i < d.length; i++) {
            sum += d[i].length();
        }
        return sum + (long) c;
    }

    <U> U generic(List<U> list, Map<String, ? extends T> map, T t) {
        U first = list.isEmpty() ? null : list.get(0);
        List<? super Integer> wild = null;
        return first;
    }

    abstract static class Abs {
        abstract void abs(int x);
    }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        live();
        System.out.println(NoDebug.twice(2) + statics(1, 2, 3, new String[0]));
    }
}
