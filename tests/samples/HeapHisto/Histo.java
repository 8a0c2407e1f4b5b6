// The heap histogram's workload: 12345 HistoMarker objects and 7 HistoMarker[] arrays
// stay reachable while the run script asks for a histogram (SIGQUIT); the program ends
// when the file "done" appears (or after a minute).
import java.io.File;

public class Histo {
    static final class HistoMarker {
        long a;
        int b;
    }

    static Object keep;

    public static void main(String[] args) throws Exception {
        HistoMarker[][] all = new HistoMarker[7][];
        for (int i = 0; i < 7; i++) all[i] = new HistoMarker[1764];
        int n = 0;
        for (int i = 0; i < 7 && n < 12345; i++)
            for (int j = 0; j < 1764 && n < 12345; j++, n++) all[i][j] = new HistoMarker();
        keep = all;
        System.out.println("ready");
        System.out.flush();
        File done = new File("done");
        for (int i = 0; i < 600 && !done.exists(); i++) Thread.sleep(100);
        System.out.println(keep != null ? "end" : "?");
    }
}
