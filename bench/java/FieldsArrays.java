// Interpreter benchmark: field and array access — matrix multiplication on double[][],
// int[] histogram updates, object field reads/writes, and byte[] scanning.
public class FieldsArrays {
    int a, b;
    long total;
    double[] vec = new double[64];

    public static void main(String[] args) {
        int n = 220;
        double[][] x = new double[n][n], y = new double[n][n], z = new double[n][n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { x[i][j] = i + j; y[i][j] = i - j; }
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int k = 0; k < n; k++) s += x[i][k] * y[k][j];
                z[i][j] = s;
            }
        int[] hist = new int[256];
        byte[] data = new byte[1 << 20];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i * 31 + (i >>> 7));
        for (int rep = 0; rep < 16; rep++) for (byte v : data) hist[v & 0xff]++;
        FieldsArrays f = new FieldsArrays();
        for (int i = 0; i < 20_000_000; i++) {
            f.a += i;
            f.b ^= f.a;
            f.total += f.b & 0xff;
            f.vec[i & 63] += 1.0;
        }
        System.out.println(z[n - 1][n - 1] + " " + hist[7] + " " + f.total + " " + f.vec[5]);
    }
}
