// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetFieldName, GetFieldDeclaringClass and GetFieldModifiers: static and instance fields,
// every modifier, generic signatures, enum constants, compiler-generated fields (this$0,
// $VALUES), interface constants, fields named through a subclass or an implementing class
// (the declaring class is the superclass / interface), boot class fields; then the errors.
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;

public class FieldName {
    static native void describe(Class<?> through, Field f);
    static native void nullOutputs(Class<?> c, Field f);
    static native void errors(Class<?> c, Field f);

    public static int counter;
    private final String name = "n";
    protected volatile long stamp;
    transient double cache;
    static List<String> names;
    Map<String, ? extends Number> map;
    private static final int[][] GRID = new int[2][2];

    interface Constants {
        int ANSWER = 42;
        String TEXT = "t";
    }

    static class Base<T> implements Constants {
        protected T value;
        static int baseCount;
    }

    static class Derived extends Base<String> {
        int own;
    }

    class Inner {
        int x = counter;
    }

    enum Color { RED, GREEN }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        Class<FieldName> me = FieldName.class;
        for (String n : new String[] {"counter", "name", "stamp", "cache", "names", "map", "GRID"})
            describe(me, me.getDeclaredField(n));
        describe(Base.class, Base.class.getDeclaredField("value"));
        describe(Derived.class, Base.class.getDeclaredField("value"));
        describe(Derived.class, Base.class.getDeclaredField("baseCount"));
        describe(Derived.class, Derived.class.getDeclaredField("own"));
        describe(Constants.class, Constants.class.getDeclaredField("ANSWER"));
        describe(Base.class, Constants.class.getDeclaredField("TEXT"));
        describe(Derived.class, Constants.class.getDeclaredField("ANSWER"));
        describe(Inner.class, Inner.class.getDeclaredField("this$0"));
        describe(Inner.class, Inner.class.getDeclaredField("x"));
        describe(Color.class, Color.class.getDeclaredField("RED"));
        describe(Color.class, Color.class.getDeclaredField("$VALUES"));
        describe(Integer.class, Integer.class.getField("MAX_VALUE"));
        describe(Integer.class, Integer.class.getDeclaredField("value"));
        describe(Thread.class, Thread.class.getDeclaredField("name"));
        describe(System.class, System.class.getField("out"));
        describe(Enum.class, Enum.class.getDeclaredField("ordinal"));
        nullOutputs(me, me.getDeclaredField("names"));
        errors(me, me.getDeclaredField("stamp"));
        System.out.println("done " + new FieldName().new Inner().x + Constants.ANSWER + Color.GREEN);
    }
}
