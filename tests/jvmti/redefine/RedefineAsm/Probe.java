// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// What the instrumented code calls: counts per method, and notes.
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

public class Probe {
    static final TreeMap<String, Integer> hits = new TreeMap<>();
    static final List<String> notes = new ArrayList<>();

    public static synchronized void hit(String method) {
        hits.merge(method, 1, Integer::sum);
    }

    public static synchronized void note(String s) {
        notes.add(s);
    }
}
