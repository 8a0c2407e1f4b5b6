// ClassCastException messages, exactly as HotSpot words them: classes of the app loader,
// of java.base, arrays, interfaces, and mixtures.
import java.util.List;

public class ClassCastMessages {
    static class Animal {}
    static class Dog extends Animal {}
    static class Cat extends Animal {}
    interface Pet {}

    interface Op { Object run(); }

    static void attempt(String what, Op op) {
        try {
            Object r = op.run();
            System.out.println(what + ": ok " + (r == null ? "null" : r.getClass().getName()));
        } catch (ClassCastException e) {
            System.out.println(what + ": " + e.getMessage());
        }
    }

    public static void main(String[] args) {
        final Object dog = new Dog();
        final Object str = "hello";
        final Object integer = Integer.valueOf(1);
        final Object intArr = new int[1];
        final Object strArr = new String[1];
        final Object objArr = new Object[1];
        final Object multi = new Dog[1][1];
        attempt("Dog to Cat", new Op() { public Object run() { return (Cat) dog; } });
        attempt("Dog to Pet", new Op() { public Object run() { return (Pet) dog; } });
        attempt("Dog to String", new Op() { public Object run() { return (String) dog; } });
        attempt("String to Dog", new Op() { public Object run() { return (Dog) str; } });
        attempt("String to Integer", new Op() { public Object run() { return (Integer) str; } });
        attempt("Integer to String", new Op() { public Object run() { return (String) integer; } });
        attempt("Integer to Comparable ok", new Op() { public Object run() { return (Comparable<?>) integer; } });
        attempt("Integer to List", new Op() { public Object run() { return (List<?>) integer; } });
        attempt("int[] to Object[]", new Op() { public Object run() { return (Object[]) intArr; } });
        attempt("int[] to long[]", new Op() { public Object run() { return (long[]) intArr; } });
        attempt("String[] to Integer[]", new Op() { public Object run() { return (Integer[]) strArr; } });
        attempt("Object[] to String[]", new Op() { public Object run() { return (String[]) objArr; } });
        attempt("Object[] to Dog[]", new Op() { public Object run() { return (Dog[]) objArr; } });
        attempt("Dog[][] to Cat[][]", new Op() { public Object run() { return (Cat[][]) multi; } });
        attempt("Dog[][] to Object[] ok", new Op() { public Object run() { return (Object[]) multi; } });
        attempt("Dog to int[]", new Op() { public Object run() { return (int[]) dog; } });
        attempt("String[] to String", new Op() { public Object run() { return (String) strArr; } });
        attempt("Class.cast", new Op() { public Object run() { return Cat.class.cast(dog); } });
        attempt("generic erasure", new Op() {
            @SuppressWarnings("unchecked")
            public Object run() {
                List<Object> raw = new java.util.ArrayList<>();
                raw.add(dog);
                List<String> strings = (List<String>) (List<?>) raw;
                String s = strings.get(0);
                return s;
            }
        });
        attempt("Thread to Runnable ok", new Op() { public Object run() { return (Runnable) new Thread("t"); } });
        attempt("StringBuilder to String", new Op() { public Object run() { Object o = new StringBuilder("x"); return (String) o; } });
    }
}
