package p3;

public class Unread {
    public static String call() { return p.Q.hello(); }
}
