package p2;

public class After {
    public static String call() { return p.Q.hello(); }
}
