// checkcast on arrays: covariance of reference arrays, primitive arrays are not
// Object[], every array is Cloneable and Serializable, multi-dimensional arrays,
// and Class.cast / isInstance / isAssignableFrom agreeing with the bytecodes.
import java.io.Serializable;

public class CheckcastArrays {
    interface Shape {}
    static class Circle implements Shape {}
    static class Square implements Shape, Cloneable {}

    static String check(Object o, String what) {
        StringBuilder sb = new StringBuilder(what + ":");
        sb.append(" Object[]=").append(o instanceof Object[]);
        sb.append(" String[]=").append(o instanceof String[]);
        sb.append(" Shape[]=").append(o instanceof Shape[]);
        sb.append(" Circle[]=").append(o instanceof Circle[]);
        sb.append(" Cloneable=").append(o instanceof Cloneable);
        sb.append(" Serializable=").append(o instanceof Serializable);
        sb.append(" int[]=").append(o instanceof int[]);
        sb.append(" long[]=").append(o instanceof long[]);
        sb.append(" Object[][]=").append(o instanceof Object[][]);
        sb.append(" Shape[][]=").append(o instanceof Shape[][]);
        sb.append(" Cloneable[]=").append(o instanceof Cloneable[]);
        sb.append(" Serializable[]=").append(o instanceof Serializable[]);
        sb.append(" Comparable[]=").append(o instanceof Comparable[]);
        sb.append(" CharSequence[]=").append(o instanceof CharSequence[]);
        return sb.toString();
    }

    static void tryCast(Object o, String what) {
        StringBuilder sb = new StringBuilder(what + " casts:");
        try { Object[] x = (Object[]) o; sb.append(" Object[] ok" + (x == null ? "(null)" : "" + x.length)); } catch (ClassCastException e) { sb.append(" Object[] CCE"); }
        try { Shape[] x = (Shape[]) o; sb.append(" Shape[] ok" + (x == null ? "(null)" : "" + x.length)); } catch (ClassCastException e) { sb.append(" Shape[] CCE"); }
        try { int[] x = (int[]) o; sb.append(" int[] ok" + (x == null ? "(null)" : "" + x.length)); } catch (ClassCastException e) { sb.append(" int[] CCE"); }
        try { Object[][] x = (Object[][]) o; sb.append(" Object[][] ok" + (x == null ? "(null)" : "" + x.length)); } catch (ClassCastException e) { sb.append(" Object[][] CCE"); }
        try { Cloneable x = (Cloneable) o; sb.append(" Cloneable ok" + (x != null)); } catch (ClassCastException e) { sb.append(" Cloneable CCE"); }
        try { String x = (String) o; sb.append(" String ok" + (x == null)); } catch (ClassCastException e) { sb.append(" String CCE"); }
        System.out.println(sb);
    }

    public static void main(String[] args) {
        Object[] samples = { new Object[1], new String[2], new Shape[3], new Circle[4], new Square[1],
            new int[5], new long[0], new Object[1][1], new Shape[1][1], new Circle[2][2], new int[1][1],
            new Cloneable[1], new Serializable[1], new Integer[1], new Object(), "str", null,
            new boolean[1], new char[1][1][1] };
        for (Object o : samples) {
            String what = o == null ? "null" : o.getClass().getName();
            System.out.println(check(o, what));
            tryCast(o, what);
        }
        // Class reflection agrees
        Class<?>[] classes = { Object[].class, String[].class, Shape[].class, Circle[].class, int[].class,
            Object[][].class, Cloneable.class, Serializable.class, Object.class, Comparable[].class };
        for (Class<?> a : classes) {
            StringBuilder sb = new StringBuilder(a.getName() + " assignable from:");
            for (Class<?> b : classes) if (a.isAssignableFrom(b)) sb.append(' ').append(b.getName());
            System.out.println(sb);
        }
        System.out.println("cast ok " + String[].class.cast(new String[0]).length);
        try { String[].class.cast(new Object[0]); }
        catch (ClassCastException e) { System.out.println("Class.cast: " + e.getMessage()); }
        System.out.println("isInstance " + Object[].class.isInstance(new Integer[0]) + " " + Object[].class.isInstance(new int[0]));
        // Array component types and superclass
        System.out.println(String[][].class.getComponentType().getName() + " " + int[].class.getSuperclass().getName()
            + " " + String[].class.getSuperclass().getName() + " " + java.util.Arrays.toString(int[].class.getInterfaces()));
        // Covariant array assignment, then storing through the supertype array
        Object[] objs = new Integer[2];
        objs[0] = Integer.valueOf(5);
        Number[] nums = (Number[]) objs;
        System.out.println("covariant " + nums[0] + " " + nums.getClass().getSimpleName());
    }
}
