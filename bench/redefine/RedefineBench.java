// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Class-redefinition benchmark (bench/run, with bench/agents/redefine.c): RedefineClasses
// of one class of 100 methods, alternately to its two versions, timed by the agent
// around each call (stderr "redefine-us: ..."); and the speed of the redefined code
// against the code before the redefinitions (stderr "after/before: ..."): the new code
// must be quickened again. stdout holds only what both VMs compute alike.
import java.io.InputStream;

public class RedefineBench {
    static native int redefine(Class<?> c, byte[] a, byte[] b, int times);
    static native void report(String what, long nanos);

    static byte[] bytes(String name) throws Exception {
        try (InputStream in = RedefineBench.class.getResourceAsStream(name + ".class")) {
            return in.readAllBytes();
        }
    }

    /** Hundred__v2's class file renamed to Hundred (the names have the same length: no). */
    static byte[] rename(byte[] b) throws Exception {
        java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(b));
        java.io.ByteArrayOutputStream bo = new java.io.ByteArrayOutputStream();
        java.io.DataOutputStream out = new java.io.DataOutputStream(bo);
        out.writeInt(in.readInt());
        out.writeInt(in.readInt());
        int count = in.readUnsignedShort();
        out.writeShort(count);
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            out.writeByte(tag);
            switch (tag) {
            case 1: out.writeUTF(in.readUTF().replace("Hundred__v2", "Hundred")); break;
            case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: out.writeInt(in.readInt()); break;
            case 5: case 6: out.writeLong(in.readLong()); i++; break;
            case 7: case 8: case 16: case 19: case 20: out.writeShort(in.readUnsignedShort()); break;
            case 15: out.writeByte(in.readUnsignedByte()); out.writeShort(in.readUnsignedShort()); break;
            default: throw new IllegalStateException("tag " + tag);
            }
        }
        out.write(in.readAllBytes());
        return bo.toByteArray();
    }

    static long calls(int rounds) {
        long s = 0;
        for (int r = 0; r < rounds; r++) {
            s += Hundred.m0(r) + Hundred.m1(r) + Hundred.m2(r) + Hundred.m3(r) + Hundred.m4(r) + Hundred.m5(r)
               + Hundred.m6(r) + Hundred.m7(r) + Hundred.m8(r) + Hundred.m9(r) + Hundred.m50(r) + Hundred.m99(r);
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        byte[] v1 = bytes("Hundred"), v2 = rename(bytes("Hundred__v2"));
        calls(1000); // warm up, quicken
        long t0 = System.nanoTime();
        long before = calls(400_000);
        long t1 = System.nanoTime();
        int failed = redefine(Hundred.class, v2, v1, 2000); // ends on v1
        calls(1000);
        long t2 = System.nanoTime();
        long after = calls(400_000);
        long t3 = System.nanoTime();
        report("after/before", (t3 - t2) * 1000 / Math.max(1, t1 - t0));
        System.out.println("failed redefinitions: " + failed + ", same results: " + (before == after));
    }
}
