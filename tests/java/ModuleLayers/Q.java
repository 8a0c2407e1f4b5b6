package p;

public class Q {
    public static String hello() { return "hello from p.Q in " + Q.class.getModule().getName(); }
}
