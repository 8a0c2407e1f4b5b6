// The allocation profiler's workload: Alloc.makeArrays allocates most of the bytes (as
// long[]), Alloc.makeStrings far fewer (StringBuilder and String contents).
import java.util.ArrayList;
import java.util.List;

public class Alloc {
    static long sink;

    static void makeArrays() {
        for (int i = 0; i < 2000; i++) {
            long[] a = new long[1024];
            a[i % 1024] = i;
            sink += a[7];
        }
    }

    static void makeStrings() {
        List<String> l = new ArrayList<>();
        for (int i = 0; i < 200; i++) l.add(new StringBuilder().append("item ").append(i).toString());
        sink += l.size();
    }

    public static void main(String[] args) {
        for (int round = 0; round < 20; round++) {
            makeArrays();
            makeStrings();
        }
        System.out.println(sink > 0 ? "done" : "?");
    }
}
