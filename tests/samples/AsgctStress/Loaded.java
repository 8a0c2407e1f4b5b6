// A class the stress workload defines again and again, each time in a new class loader.
public class Loaded {
    public static int work(int n) {
        int h = 0;
        for (int i = 0; i < n; i++) h = h * 31 + Integer.toString(i).hashCode();
        return h;
    }
}
