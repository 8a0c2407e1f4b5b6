package p2;

public class Before {
    public static String call() { return p.Q.hello(); }
}
