// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetMethodName, GetMethodDeclaringClass and GetMethodModifiers on methods of every kind:
// static, instance, constructors, abstract, native, synchronized, varargs, generic,
// bridge, lambda bodies, interface default/static/private methods, enum helpers, and
// methods of boot classes; then each error the three functions can answer.
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.function.Supplier;

public class MethodName {
    static native void describe(Executable m);
    static native void nullOutputs(Executable m);
    static native void errors(Executable m);

    static int counter;

    abstract static class Shape implements Comparable<Shape> {
        abstract double area();

        public int compareTo(Shape o) { return Double.compare(area(), o.area()); }
    }

    static final class Square extends Shape {
        final double side;

        Square(double side) { this.side = side; }

        protected Square(int side, String... unused) { this(side); }

        double area() { return side * side; }
    }

    interface Greeter<T> {
        String greet(T who);

        default String hello() { return helper() + "hello"; }

        static Greeter<String> plain() { return w -> "hi " + w; }

        private String helper() { return ""; }
    }

    enum Color { RED, GREEN }

    static <T extends Comparable<? super T>> T max(List<? extends T> xs) {
        T best = null;
        for (T x : xs) if (best == null || x.compareTo(best) > 0) best = x;
        return best;
    }

    private static synchronized void locked(long a, double b, int[][] c) { counter++; }

    protected native long nat(int a, long b);

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Supplier<Integer> lambda = () -> counter++;
        lambda.get();
        Runnable r = () -> counter += 2;
        r.run();

        List<Executable> ms = new ArrayList<>();
        ms.add(MethodName.class.getDeclaredMethod("main", String[].class));
        ms.add(MethodName.class.getDeclaredMethod("max", List.class));
        ms.add(MethodName.class.getDeclaredMethod("locked", long.class, double.class, int[][].class));
        ms.add(MethodName.class.getDeclaredMethod("nat", int.class, long.class));
        ms.add(MethodName.class.getDeclaredMethod("describe", Executable.class));
        ms.add(MethodName.class.getDeclaredConstructor());
        Method[] lambdas = Arrays.stream(MethodName.class.getDeclaredMethods())
            .filter(m -> m.getName().startsWith("lambda$"))
            .sorted(Comparator.comparing(Method::getName)).toArray(Method[]::new);
        ms.addAll(Arrays.asList(lambdas));
        ms.add(Shape.class.getDeclaredMethod("area"));
        ms.add(Shape.class.getDeclaredMethod("compareTo", Shape.class));
        ms.add(Shape.class.getDeclaredMethod("compareTo", Object.class)); // the bridge
        ms.add(Shape.class.getDeclaredConstructor());
        ms.add(Square.class.getDeclaredConstructor(double.class));
        ms.add(Square.class.getDeclaredConstructor(int.class, String[].class));
        ms.add(Square.class.getDeclaredMethod("area"));
        ms.add(Greeter.class.getDeclaredMethod("greet", Object.class));
        ms.add(Greeter.class.getDeclaredMethod("hello"));
        ms.add(Greeter.class.getDeclaredMethod("plain"));
        ms.add(Greeter.class.getDeclaredMethod("helper"));
        ms.add(Color.class.getDeclaredMethod("values"));
        ms.add(Color.class.getDeclaredMethod("valueOf", String.class));
        ms.add(Color.class.getDeclaredMethod("$values"));
        ms.add(Object.class.getConstructor());
        ms.add(Object.class.getMethod("hashCode"));
        ms.add(Object.class.getDeclaredMethod("clone"));
        ms.add(String.class.getMethod("length"));
        ms.add(String.class.getMethod("valueOf", Object.class));
        ms.add(String.class.getMethod("format", String.class, Object[].class));
        ms.add(List.class.getMethod("get", int.class));
        ms.add(HashMap.class.getMethod("put", Object.class, Object.class));
        ms.add(Thread.class.getMethod("currentThread"));
        ms.add(Enum.class.getMethod("valueOf", Class.class, String.class));
        for (Executable m : ms) describe(m);
        nullOutputs(MethodName.class.getDeclaredMethod("max", List.class));
        errors(MethodName.class.getDeclaredMethod("main", String[].class));
        System.out.println("counter " + counter + " " + max(List.of(3, 9, 4)) + " "
            + new Square(2).compareTo(new Square(3)) + Greeter.plain().greet("x"));
    }
}
