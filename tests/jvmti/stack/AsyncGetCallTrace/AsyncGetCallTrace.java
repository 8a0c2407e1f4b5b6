// The program of the AsyncGetCallTrace test (see agent.c).
import java.util.Arrays;
import java.util.Comparator;

public class AsyncGetCallTrace {
    static native void sample(String label, int depth);
    static native void sampleWithoutEnv();
    static native void enableClassLoad();

    static class Init {
        static { sample("in <clinit>", 10); }
        static void touch() {}
    }

    static void level3(String label, int depth) { sample(label, depth); }
    static void level2(String label, int depth) { level3(label, depth); }
    static void level1(String label, int depth) { level2(label, depth); }

    public static void main(String[] args) throws Exception {
        sample("before ClassLoad is enabled", 10);
        enableClassLoad();
        sampleWithoutEnv();
        level1("nested", 10);
        level1("depth 2", 2);
        Init.touch();
        Integer[] a = {3, 1, 2};
        Arrays.sort(a, new Comparator<Integer>() {
            boolean done;
            public int compare(Integer x, Integer y) {
                if (!done) {
                    done = true;
                    sample("in a comparator", 10);
                }
                return x.compareTo(y);
            }
        });
        Thread t = new Thread() {
            public void run() { level1("another thread", 10); }
        };
        t.start();
        t.join();
    }
}
