package p3;

public class Read {
    public static String call() { return p.Q.hello(); }
}
