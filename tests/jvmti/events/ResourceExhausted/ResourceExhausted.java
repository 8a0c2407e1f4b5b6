// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// ResourceExhausted before OutOfMemoryError: Java heap exhausted, and an array longer
// than the VM allows.
public class ResourceExhausted {
    static native void mark(String what);

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        mark("heap");
        try {
            long[] big = new long[200_000_000]; // 1.6 GB, far above -Xmx
            System.out.println("allocated " + big.length);
        } catch (OutOfMemoryError e) {
            System.out.println("caught " + e);
        }
        mark("array size");
        try {
            int[] huge = new int[Integer.MAX_VALUE];
            System.out.println("allocated " + huge.length);
        } catch (OutOfMemoryError e) {
            System.out.println("caught " + e);
        }
        mark("end");
    }
}
