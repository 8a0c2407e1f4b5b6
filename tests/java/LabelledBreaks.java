// Labelled break and continue across nested loops, breaks out of labelled blocks and
// switch statements, continue in do-while, loops with complex conditions, and
// unusual-but-legal control flow that produces goto-heavy bytecode.
public class LabelledBreaks {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        outer:
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                if (j == 3) continue outer;
                if (i == 3) break outer;
                sb.append(i).append(j).append(' ');
            }
        }
        System.out.println("nested: " + sb.toString().trim());
        sb.setLength(0);
        block: {
            sb.append("in block; ");
            if (sb.length() > 0) break block;
            sb.append("not reached; ");
        }
        System.out.println("block: " + sb.toString().trim());
        // Search in a 2D grid with a labelled break
        int[][] grid = new int[10][10];
        for (int i = 0; i < 10; i++) for (int j = 0; j < 10; j++) grid[i][j] = i * j;
        int fi = -1, fj = -1;
        search:
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                if (grid[i][j] == 42) { fi = i; fj = j; break search; }
            }
        }
        System.out.println("found 42 at " + fi + "," + fj);
        // Labelled continue in while and do-while
        int i = 0, count = 0;
        loop:
        while (i < 20) {
            i++;
            int k = 0;
            do {
                k++;
                if ((i + k) % 7 == 0) continue loop;
                count++;
            } while (k < 5);
        }
        System.out.println("while/do-while count " + count);
        // break inside switch inside a labelled loop
        sb.setLength(0);
        scan:
        for (char c : "abc;def;stop;ghi".toCharArray()) {
            switch (c) {
                case ';': sb.append('|'); continue scan;
                case 'p': break scan;
                default: sb.append(c);
            }
        }
        System.out.println("switch in loop: " + sb);
        // Triple nesting with mixed break/continue
        int total = 0;
        a:
        for (int x = 0; x < 6; x++) {
            b:
            for (int y = 0; y < 6; y++) {
                for (int z = 0; z < 6; z++) {
                    if (z > y) continue b;
                    if (x + y + z > 9) continue a;
                    if (x == 5 && y == 2) break a;
                    total += x * 100 + y * 10 + z;
                }
            }
        }
        System.out.println("triple " + total);
        // Loop with break in finally-protected code
        int fin = 0;
        for (int n = 0; n < 10; n++) {
            try {
                if (n == 4) break;
                if (n % 2 == 0) continue;
                fin += 10;
            } finally {
                fin++;
            }
        }
        System.out.println("finally with break/continue " + fin);
        // Infinite loop exited by return from a nested helper
        System.out.println("collatz steps for 27: " + collatz(27));
    }
    static int collatz(long n) {
        int steps = 0;
        for (;;) {
            if (n == 1) return steps;
            n = (n & 1) == 0 ? n / 2 : 3 * n + 1;
            steps++;
        }
    }
}
